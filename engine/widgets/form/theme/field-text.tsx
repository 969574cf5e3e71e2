import type { WidgetProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * Label, description, placeholder and error of a widget, translated: schema titles and
 * descriptions and ui:placeholder are i18n keys. Errors arrive already translated (transformErrors).
 */
export function useFieldText(props: WidgetProps) {
  const { t } = useText();
  const { label, hideLabel, schema, options, placeholder, rawErrors, hideError } = props;
  const description = (options.description as string | undefined) ?? schema.description;
  const errors = hideError ? [] : [...new Set(rawErrors ?? [])];
  const labelText = label ? t(label) : '';
  return {
    label: hideLabel ? undefined : labelText,
    /** An input without a visible label still gets an accessible name. */
    ariaLabel: hideLabel ? labelText : undefined,
    description: description ? t(description) : undefined,
    placeholder: placeholder ? t(placeholder) : undefined,
    error: errors.length ? errors.map((message) => <span key={message} style={{ display: 'block' }}>{message}</span>) : undefined,
  };
}

/** The props every Mantine input of the theme takes from RJSF, translated: spread them first. */
export function useFieldProps(props: WidgetProps) {
  const text = useFieldText(props);
  const { id, htmlName, required, readonly, disabled, autofocus } = props;
  return {
    id,
    name: htmlName ?? id,
    label: text.label,
    'aria-label': text.ariaLabel,
    description: text.description,
    placeholder: text.placeholder,
    error: text.error,
    required,
    readOnly: readonly,
    disabled,
    autoFocus: autofocus,
  };
}
