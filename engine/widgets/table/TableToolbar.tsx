import { Badge, Button, Group, Select, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import type { ResourceObject } from '../../data/api-client.ts';
import { useResource } from '../../data/use-resource.ts';
import { useText } from '../../i18n/use-text.ts';
import { isFilterInputValid } from './list-params.ts';
import { usePhone } from './phone.ts';
import type { TableFilterDefinition, TableNode } from './types.ts';
import type { TableData, TypedCriteria } from './use-table-data.ts';

/**
 * The search box and the filter inputs; typed values reach the server after the debounce. On a
 * phone the filters fold behind a "Filters" button (with the number in use), so the list starts
 * near the top of the screen; the search stays in view. Each input reads its own value from the
 * table's typed criteria (use-table-data.ts), so a keystroke renders that input alone.
 */
export function TableToolbar({ definition, data }: { definition: TableNode; data: TableData }) {
  const { t } = useText();
  const phone = usePhone();
  const [unfolded, setUnfolded] = useState(false);
  const filtersId = useId();
  const filters = definition.filters ?? [];
  const inUse = useStore(data.typed, (typed) => filters.filter((filter) => (typed.filters[filter.filter] ?? '') !== '').length);
  const folded = phone && !unfolded;
  if (!definition.search && filters.length === 0) return null;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap" role="search">
      {definition.search ? (
        <SearchInput
          typed={data.typed}
          label={t('table.search')}
          w={phone ? '100%' : 240}
          placeholder={definition.search.placeholder ? t(definition.search.placeholder) : undefined}
          onChange={data.setSearch}
        />
      ) : null}
      {phone && filters.length ? (
        <Button
          variant="light"
          aria-expanded={unfolded}
          aria-controls={filtersId}
          data-filters-toggle
          rightSection={
            inUse ? (
              <Badge size="sm" circle aria-label={t('table.filtersInUse', { count: inUse })}>
                {inUse}
              </Badge>
            ) : null
          }
          onClick={() => setUnfolded((open) => !open)}
        >
          {t('table.filters')}
        </Button>
      ) : null}
      {filters.length && !folded ? (
        <Group id={filtersId} align="flex-start" gap="sm" wrap="wrap" w={phone ? '100%' : undefined} data-filters>
          {filters.map((filter) => (
            <TypedFilterInput
              key={filter.filter}
              typed={data.typed}
              filter={filter}
              fullWidth={phone}
              onChange={(value, immediate) => data.setFilter(filter.filter, value, immediate)}
            />
          ))}
          <Button variant="subtle" mt={phone ? 0 : 25} disabled={inUse === 0} onClick={data.clearFilters}>
            {t('table.clearFilters')}
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}

/** The search box, showing the typed search. */
function SearchInput({
  typed,
  onChange,
  ...props
}: {
  typed: TypedCriteria;
  label: string;
  placeholder: string | undefined;
  w: number | string;
  onChange(text: string): void;
}) {
  const value = useStore(typed, (criteria) => criteria.search);
  return <TextInput type="search" {...props} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
}

/** A filter input showing its typed value. */
function TypedFilterInput({ typed, ...props }: Omit<FilterInputProps, 'value'> & { typed: TypedCriteria }) {
  const value = useStore(typed, (criteria) => criteria.filters[props.filter.filter] ?? '');
  return <FilterInput {...props} value={value} />;
}

interface FilterInputProps {
  filter: TableFilterDefinition;
  value: string;
  onChange(value: string, immediate: boolean): void;
  /** On a phone: one column, each input the page's width. */
  fullWidth?: boolean;
}

/** date: native date field; money: a decimal amount, sent in minor units; text; select. */
function FilterInput({ filter, value, onChange, fullWidth = false }: FilterInputProps) {
  const { t, language } = useText();
  const label = t(filter.label);
  const width = (normal: number) => (fullWidth ? '100%' : normal);
  switch (filter.type) {
    case 'date':
      return (
        <TextInput type="date" label={label} w={width(170)} value={value} onChange={(event) => onChange(event.currentTarget.value, true)} />
      );
    case 'money':
      return (
        <TextInput
          inputMode="decimal"
          label={label}
          w={width(160)}
          value={value}
          error={isFilterInputValid(filter, value, language) ? undefined : t('table.invalidAmount')}
          onChange={(event) => onChange(event.currentTarget.value, false)}
        />
      );
    case 'text':
      return <TextInput label={label} w={width(200)} value={value} onChange={(event) => onChange(event.currentTarget.value, false)} />;
    case 'select':
      if (filter.optionsSource) return <SourcedSelect filter={filter} label={label} value={value} onChange={onChange} width={width(220)} />;
      return (
        <Select
          label={label}
          w={width(200)}
          clearable
          value={value || null}
          data={(filter.options ?? []).map((option) => ({ value: option.value, label: t(option.label) }))}
          onChange={(next) => onChange(next ?? '', true)}
        />
      );
  }
}

/** A select whose options are records of a list resource (the merchants that sold to the customer). */
function SourcedSelect({ filter, label, value, onChange, width }: FilterInputProps & { label: string; width: number | string }) {
  const options = filter.optionsSource!;
  const { data } = useResource<ResourceObject[]>(options.source);
  const choices = (data ?? []).map((item) => ({
    value: String(item.attributes[options.value] ?? item.id),
    label: String(item.attributes[options.label] ?? item.id),
  }));
  return (
    <Select
      label={label}
      w={width}
      clearable
      searchable
      value={value || null}
      data={choices}
      onChange={(next) => onChange(next ?? '', true)}
    />
  );
}
