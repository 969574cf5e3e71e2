import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useFieldProps } from './field-text.tsx';

/** Longer text (comments, descriptions) as an auto-growing Mantine Textarea. */
export default function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, schema } = props;
  const field = useFieldProps(props);
  return (
    <Textarea
      {...field}
      value={value ?? ''}
      autosize
      minRows={typeof options.rows === 'number' ? options.rows : 3}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
