import { startTransition, useRef, useState } from 'react';
import { Button, Group, Select, TextInput, type TextInputProps } from '@mantine/core';
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
        <TypedTextInput type="search" label={t('table.search')} w={240}
          placeholder={definition.search.placeholder ? t(definition.search.placeholder) : undefined}
          value={data.ui.search} onType={data.setSearch} />
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
        <TypedTextInput inputMode="decimal" label={label} w={160} value={value}
          error={isFilterInputValid(filter, value, language) ? undefined : t('table.invalidAmount')}
          onType={(typed) => onChange(typed, false)} />
      );
    case 'text':
      return <TypedTextInput label={label} w={200} value={value} onType={(typed) => onChange(typed, false)} />;
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

interface TypedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The table's value of the field (what was typed, once the table has heard of it; or set from outside: Back, Clear filters). */
  value: string;
  /** Tells the table what was typed; runs in a transition. */
  onType(value: string): void;
}

/**
 * A typed field whose keystroke repaints only itself: what is typed is the field's own state, and
 * the table hears of it in a transition, a render React interrupts and redoes when the next key
 * comes, so the key is painted first. Before, each keystroke re-rendered the whole table (the
 * toolbar's inputs, the header, the body's controls) before the next paint: at 4x CPU slowdown on
 * a 10,000-row page, 130 to 770 ms from key to paint (issue 25, `npm run bench:inp`).
 */
function TypedTextInput({ value, onType, ...props }: TypedTextInputProps) {
  const [typed, setTyped] = useState(value);
  // The table's value changed: from what was typed here (nothing to do), or from outside (shown).
  const [seen, setSeen] = useState(value);
  const sent = useRef(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== sent.current) setTyped(value);
  }
  return (
    <TextInput {...props} value={typed} onChange={(event) => {
      const next = event.currentTarget.value;
      setTyped(next);
      sent.current = next;
      startTransition(() => onType(next));
    }} />
  );
}
