import { MultiSelect } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';
import { useFieldProps } from './field-text.tsx';
import { SourcedChoices, type Choice, type OptionsSource } from './SourcedSelect.tsx';

/** The chosen values as strings (RJSF hands an array field's value as it is, possibly undefined). */
export function chosenValues(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string | number => typeof item === 'string' || typeof item === 'number').map(String)
    : [];
}

/**
 * The options to show: the fetched choices, plus every chosen value they do not offer (its id as
 * its label), so a record's values stay visible and removable while the list loads or when it
 * no longer offers them.
 */
export function withChosen(choices: readonly Choice[], chosen: readonly string[]): Choice[] {
  const offered = new Set(choices.map((choice) => choice.value));
  return [...choices, ...chosen.filter((value) => !offered.has(value)).map((value) => ({ value, label: value }))];
}

/**
 * `"ui:widget": "multiselect"` on an array of strings: a Mantine MultiSelect (searchable, each
 * choice a removable pill) whose options come from `ui:options.optionsSource`, as a select's do
 * (the group's customers from `/customers`, the admin's own scope). Nothing chosen is an empty list.
 */
export default function MultiSelectWidget(props: WidgetProps) {
  const spec = props.options.optionsSource as OptionsSource | undefined;
  if (!spec) return <ChoiceMultiSelect {...props} choices={[]} loading={false} />;
  return (
    <SourcedChoices spec={spec}>
      {(choices, loading) => <ChoiceMultiSelect {...props} choices={choices} loading={loading} />}
    </SourcedChoices>
  );
}

function ChoiceMultiSelect(props: WidgetProps & { choices: Choice[]; loading: boolean }) {
  const { id, value, onChange, onBlur, onFocus, choices, loading, schema } = props;
  const { t } = useText();
  const field = useFieldProps(props);
  const chosen = chosenValues(value);
  const maxValues = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  return (
    <MultiSelect
      {...field}
      data={withChosen(choices, chosen)}
      value={chosen}
      searchable
      clearable={!field.readOnly && !field.disabled}
      hidePickedOptions
      {...(maxValues !== undefined ? { maxValues } : {})}
      nothingFoundMessage={loading ? t('common.loading') : t('common.form.noOptions')}
      aria-busy={loading || undefined}
      onChange={(next) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
