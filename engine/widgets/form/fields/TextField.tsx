import type { InputHTMLAttributes } from 'react';
import { TextInput } from '@mantine/core';
import { useFieldProps, type FieldEvents, type FieldSpec } from './field-spec.tsx';

interface TextFieldProps extends FieldEvents<string> {
  spec: FieldSpec;
  value: string | undefined;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Further input attributes (RJSF's getInputProps: type, step, min, max; an override of onChange). */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'step' | 'min' | 'max' | 'onChange'>;
}

/** Text-like inputs (text, email, number…) as a Mantine TextInput: label, description and error wired for assistive tech. */
export function TextField({ spec, value, type, autoComplete, maxLength, inputProps, onChange, onBlur, onFocus }: TextFieldProps) {
  const field = useFieldProps(spec);
  const { onChange: onChangeOverride, ...attributes } = inputProps ?? {};
  return (
    <TextInput
      {...field}
      {...attributes}
      type={type ?? attributes.type}
      value={value ?? ''}
      autoComplete={autoComplete}
      maxLength={maxLength}
      onChange={onChangeOverride ?? ((event) => onChange(event.target.value === '' ? undefined : event.target.value))}
      onBlur={(event) => onBlur?.(event.target.value)}
      onFocus={(event) => onFocus?.(event.target.value)}
    />
  );
}
