import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useFieldText } from './field-text.tsx';

/** A boolean as a Mantine Checkbox; the label sits beside the box. */
export default function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, required, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const text = useFieldText(props);
  return (
    <Checkbox
      id={id}
      name={htmlName ?? id}
      checked={value === true}
      label={text.label}
      aria-label={text.ariaLabel}
      description={text.description}
      error={text.error}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={(event) => onBlur(id, event.currentTarget.checked)}
      onFocus={(event) => onFocus(id, event.currentTarget.checked)}
    />
  );
}
