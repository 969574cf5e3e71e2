import type { ChangeEvent } from 'react';
import { TextInput } from '@mantine/core';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { useFieldProps } from './field-text.tsx';

/** Text-like inputs (text, email, number, …) as a Mantine TextInput: label, description and error wired for assistive tech. */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, onChange, onChangeOverride, onBlur, onFocus, options, schema, type } = props;
  const field = useFieldProps(props);
  const inputProps = getInputProps(props.schema, type, options);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? options.emptyValue : event.target.value);
  return (
    <TextInput
      {...field}
      {...inputProps}
      value={value ?? ''}
      autoComplete={options.autocomplete}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={onChangeOverride ?? handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
