import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useFieldText } from './field-text.tsx';

/** Longer text (comments, descriptions) as an auto-growing Mantine Textarea. */
export default function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, readonly, disabled, autofocus, onChange, onBlur, onFocus, options, schema } = props;
  const text = useFieldText(props);
  return (
    <Textarea
      id={id}
      name={htmlName ?? id}
      value={value ?? ''}
      label={text.label}
      aria-label={text.ariaLabel}
      description={text.description}
      placeholder={text.placeholder}
      error={text.error}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      autosize
      minRows={typeof options.rows === 'number' ? options.rows : 3}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
