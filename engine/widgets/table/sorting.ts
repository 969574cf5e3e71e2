import type { SortingState } from '@tanstack/react-table';
import type { SortChoice, TableColumnDefinition } from './types.ts';

/**
 * The definition sorts by server sort names (filter[sort]=due_date|asc); TanStack sorts by
 * column id (the field). These two map between them. A sort no column shows (a default sort
 * by a hidden field) is an empty TanStack state: no header claims it.
 */
export function sortingStateOf(columns: readonly TableColumnDefinition[], sort: SortChoice | null): SortingState {
  if (!sort) return [];
  const column = columns.find((candidate) => candidate.sort === sort.sort);
  return column ? [{ id: column.field, desc: sort.direction === 'desc' }] : [];
}

/** The sort a TanStack sorting state asks for; null when it names no sortable column. */
export function sortChoiceOf(columns: readonly TableColumnDefinition[], sorting: SortingState): SortChoice | null {
  const first = sorting[0];
  const column = first ? columns.find((candidate) => candidate.field === first.id) : undefined;
  return column?.sort ? { sort: column.sort, direction: first!.desc ? 'desc' : 'asc' } : null;
}
