import { Select } from '@mantine/core';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';
import { useFieldProps } from './field-text.tsx';
import SourcedSelect from './SourcedSelect.tsx';

/** A single choice as a Mantine Select; option labels (oneOf titles) are i18n keys, or records of `ui:options.optionsSource`. */
export default function SelectWidget(props: WidgetProps) {
  return props.options.optionsSource ? <SourcedSelect {...props} /> : <EnumSelect {...props} />;
}

function EnumSelect(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options } = props;
  const { t } = useText();
  const field = useFieldProps(props);
  // `ui:options.only`: the options this user is offered (FormWidget's limitOptions).
  const only = Array.isArray(options.only) ? (options.only as unknown[]) : null;
  const enumOptions = (options.enumOptions ?? []).filter((option) => only === null || only.includes(option.value));
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const data = enumOptions.map((option, index) => ({
    value: String(index),
    label: t(option.label),
    disabled: (options.enumDisabled ?? []).includes(option.value),
  }));
  return (
    <Select
      {...field}
      data={data}
      value={typeof selected === 'string' ? selected : null}
      allowDeselect={!field.required}
      onChange={(index) => onChange(index === null ? options.emptyValue : enumOptionsValueForIndex(index, enumOptions, options.emptyValue))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
