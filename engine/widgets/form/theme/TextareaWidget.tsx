import type { WidgetProps } from '@rjsf/utils';
import { TextareaField } from '../fields/TextareaField.tsx';
import { eventsOf, specOf } from './field-text.tsx';

/** Longer text (comments, descriptions): the neutral TextareaField. */
export default function TextareaWidget(props: WidgetProps) {
  const { value, options, schema } = props;
  return (
    <TextareaField
      spec={specOf(props)}
      value={value ?? ''}
      rows={typeof options.rows === 'number' ? options.rows : undefined}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      {...eventsOf<string>(props)}
    />
  );
}
