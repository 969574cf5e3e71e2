import type { WidgetProps } from '@rjsf/utils';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { eventsOf, specOf } from './field-text.tsx';

/** A boolean: the neutral CheckboxField. */
export default function CheckboxWidget(props: WidgetProps) {
  return <CheckboxField spec={specOf(props)} value={props.value === true} {...eventsOf<boolean>(props)} />;
}
