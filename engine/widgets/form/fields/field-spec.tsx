import { useText } from '../../../i18n/use-text.ts';

/**
 * What any field of a form shows, renderer-neutral: the RJSF theme and the flat renderer both
 * describe their fields this way. label, description and placeholder are i18n keys; errors arrive
 * translated.
 */
export interface FieldSpec {
  id: string;
  name: string;
  label?: string;
  hideLabel?: boolean;
  description?: string;
  placeholder?: string;
  errors?: readonly string[];
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Label, accessible name, description, placeholder and error of a field, translated. */
export function useFieldText(spec: FieldSpec) {
  const { t } = useText();
  const errors = [...new Set(spec.errors ?? [])];
  const labelText = spec.label ? t(spec.label) : '';
  return {
    label: spec.hideLabel ? undefined : labelText,
    /** An input without a visible label still gets an accessible name. */
    ariaLabel: spec.hideLabel ? labelText : undefined,
    description: spec.description ? t(spec.description) : undefined,
    placeholder: spec.placeholder ? t(spec.placeholder) : undefined,
    error: errors.length
      ? errors.map((message) => (
          <span key={message} style={{ display: 'block' }}>
            {message}
          </span>
        ))
      : undefined,
  };
}

/** The props every Mantine input takes from a field, translated: spread them first. */
export function useFieldProps(spec: FieldSpec) {
  const text = useFieldText(spec);
  return {
    id: spec.id,
    name: spec.name,
    label: text.label,
    'aria-label': text.ariaLabel,
    description: text.description,
    placeholder: text.placeholder,
    error: text.error,
    required: spec.required,
    readOnly: spec.readOnly,
    // A read-only field looks set apart from the ones the user can change (the username of an edit).
    ...(spec.readOnly ? { variant: 'filled' as const } : {}),
    disabled: spec.disabled,
    autoFocus: spec.autoFocus,
  };
}

/** A field's value callbacks: `undefined` for an emptied text, as JSON Schema's "missing". */
export interface FieldEvents<T> {
  onChange(value: T | undefined): void;
  onBlur?(value: T | undefined): void;
  onFocus?(value: T | undefined): void;
}
