import { Button, Group, Select, TextInput } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import { isFilterInputValid } from './list-params.ts';
import type { TableFilterDefinition, TableNode } from './types.ts';
import type { TableData } from './use-table-data.ts';

/** The search box and the filter inputs; typed values reach the server after the debounce. */
export function TableToolbar({ definition, data }: { definition: TableNode; data: TableData }) {
  const { t } = useText();
  const filters = definition.filters ?? [];
  if (!definition.search && filters.length === 0) return null;
  const anyFilter = filters.some((filter) => (data.ui.filters[filter.filter] ?? '') !== '');
  return (
    <Group align="flex-start" gap="sm" wrap="wrap" role="search">
      {definition.search ? (
        <TextInput type="search" label={t('table.search')} w={240}
          placeholder={definition.search.placeholder ? t(definition.search.placeholder) : undefined}
          value={data.ui.search} onChange={(event) => data.setSearch(event.currentTarget.value)} />
      ) : null}
      {filters.map((filter) => (
        <FilterInput key={filter.filter} filter={filter} value={data.ui.filters[filter.filter] ?? ''}
          onChange={(value, immediate) => data.setFilter(filter.filter, value, immediate)} />
      ))}
      {filters.length ? (
        <Button variant="subtle" mt={25} disabled={!anyFilter} onClick={data.clearFilters}>{t('table.clearFilters')}</Button>
      ) : null}
    </Group>
  );
}

interface FilterInputProps {
  filter: TableFilterDefinition;
  value: string;
  onChange(value: string, immediate: boolean): void;
}

/** date: native date field; money: a decimal amount, sent in minor units; text; select. */
function FilterInput({ filter, value, onChange }: FilterInputProps) {
  const { t, language } = useText();
  const label = t(filter.label);
  switch (filter.type) {
    case 'date':
      return <TextInput type="date" label={label} w={170} value={value} onChange={(event) => onChange(event.currentTarget.value, true)} />;
    case 'money':
      return (
        <TextInput inputMode="decimal" label={label} w={160} value={value}
          error={isFilterInputValid(filter, value, language) ? undefined : t('table.invalidAmount')}
          onChange={(event) => onChange(event.currentTarget.value, false)} />
      );
    case 'text':
      return <TextInput label={label} w={200} value={value} onChange={(event) => onChange(event.currentTarget.value, false)} />;
    case 'select':
      return (
        <Select label={label} w={200} clearable value={value || null}
          data={(filter.options ?? []).map((option) => ({ value: option.value, label: t(option.label) }))}
          onChange={(next) => onChange(next ?? '', true)} />
      );
  }
}
