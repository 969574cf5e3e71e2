import { Button, Group, Select, TextInput } from '@mantine/core';
import type { ResourceObject } from '../../data/api-client.ts';
import { useResource } from '../../data/use-resource.ts';
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
      if (filter.optionsSource) return <SourcedSelect filter={filter} label={label} value={value} onChange={onChange} />;
      return (
        <Select label={label} w={200} clearable value={value || null}
          data={(filter.options ?? []).map((option) => ({ value: option.value, label: t(option.label) }))}
          onChange={(next) => onChange(next ?? '', true)} />
      );
  }
}

/** A select whose options are records of a list resource (the merchants that sold to the customer). */
function SourcedSelect({ filter, label, value, onChange }: FilterInputProps & { label: string }) {
  const options = filter.optionsSource!;
  const { data } = useResource<ResourceObject[]>(options.source);
  const choices = (data ?? []).map((item) => ({ value: String(item.attributes[options.value] ?? item.id), label: String(item.attributes[options.label] ?? item.id) }));
  return <Select label={label} w={220} clearable searchable value={value || null} data={choices} onChange={(next) => onChange(next ?? '', true)} />;
}
