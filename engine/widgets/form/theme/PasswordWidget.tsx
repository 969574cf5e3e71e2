import type { WidgetProps } from '@rjsf/utils';
import { PasswordField } from '../fields/PasswordField.tsx';
import { eventsOf, specOf } from './field-text.tsx';

/** The neutral PasswordField; `ui:options.showRules` adds the tenant's password rules as a live checklist. */
export default function PasswordWidget(props: WidgetProps) {
  const { value, options } = props;
  return (
    <PasswordField
      spec={specOf(props)}
      value={value ?? ''}
      autoComplete={options.autocomplete}
      showRules={Boolean(options.showRules)}
      {...eventsOf<string>(props)}
    />
  );
}
