import type { WidgetProps } from '@rjsf/utils';
import {
  useFieldProps as useSpecFieldProps,
  useFieldText as useSpecFieldText,
  type FieldEvents,
  type FieldSpec,
} from '../fields/field-spec.tsx';

/** An RJSF widget's field, renderer-neutral: schema titles, descriptions and ui:placeholder are i18n keys. */
export function specOf(props: WidgetProps): FieldSpec {
  const { id, htmlName, label, hideLabel, schema, options, placeholder, rawErrors, hideError, required, readonly, disabled, autofocus } =
    props;
  return {
    id,
    name: htmlName ?? id,
    label,
    hideLabel,
    description: (options.description as string | undefined) ?? schema.description,
    placeholder,
    errors: hideError ? [] : (rawErrors ?? []),
    required,
    readOnly: readonly,
    disabled,
    autoFocus: autofocus,
  };
}

/** RJSF's change, blur and focus callbacks in the neutral fields' shape (an emptied text is the option's emptyValue). */
export function eventsOf<T>(props: WidgetProps): FieldEvents<T> {
  const { id, onChange, onBlur, onFocus, options } = props;
  return {
    onChange: (value) => onChange(value === undefined ? options.emptyValue : value),
    onBlur: (value) => onBlur(id, value),
    onFocus: (value) => onFocus(id, value),
  };
}

/** Label, description, placeholder and error of a widget, translated. */
export function useFieldText(props: WidgetProps) {
  return useSpecFieldText(specOf(props));
}

/** The props every Mantine input of the theme takes from RJSF, translated: spread them first. */
export function useFieldProps(props: WidgetProps) {
  return useSpecFieldProps(specOf(props));
}
