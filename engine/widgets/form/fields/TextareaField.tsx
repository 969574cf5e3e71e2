import { Textarea } from '@mantine/core';
import { useFieldProps, type FieldEvents, type FieldSpec } from './field-spec.tsx';

interface TextareaFieldProps extends FieldEvents<string> {
  spec: FieldSpec;
  value: string | undefined;
  rows?: number;
  maxLength?: number;
}

/** Longer text (comments, descriptions) as an auto-growing Mantine Textarea. */
export function TextareaField({ spec, value, rows, maxLength, onChange, onBlur, onFocus }: TextareaFieldProps) {
  const field = useFieldProps(spec);
  return (
    <Textarea
      {...field}
      value={value ?? ''}
      autosize
      minRows={rows ?? 3}
      maxLength={maxLength}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur?.(event.target.value)}
      onFocus={(event) => onFocus?.(event.target.value)}
    />
  );
}
