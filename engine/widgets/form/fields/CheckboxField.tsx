import { Checkbox } from '@mantine/core';
import { useFieldText, type FieldEvents, type FieldSpec } from './field-spec.tsx';

/** A boolean as a Mantine Checkbox; the label sits beside the box. */
export function CheckboxField({
  spec,
  value,
  onChange,
  onBlur,
  onFocus,
}: FieldEvents<boolean> & { spec: FieldSpec; value: boolean | undefined }) {
  const text = useFieldText(spec);
  return (
    <Checkbox
      id={spec.id}
      name={spec.name}
      checked={value === true}
      label={text.label}
      aria-label={text.ariaLabel}
      description={text.description}
      error={text.error}
      required={spec.required}
      disabled={spec.disabled || spec.readOnly}
      autoFocus={spec.autoFocus}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={(event) => onBlur?.(event.currentTarget.checked)}
      onFocus={(event) => onFocus?.(event.currentTarget.checked)}
    />
  );
}
