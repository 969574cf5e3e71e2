import { useEffect, useMemo, useReducer, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError, type QueryParams } from '../../data/api-client.ts';
import { isCalledOff, RESOURCE_ROOT } from '../../data/queries.ts';
import { useInvalidations } from '../../data/use-invalidations.ts';
import { resolveAll } from '../../definitions/bindings.ts';
import { useText } from '../../i18n/use-text.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { criteriaParams, filterParameterValue, initialUiState, nextSort, pageSizesOf, rowIdOf } from './list-params.ts';
import { listQuery } from './list-query.ts';
import type { SortChoice, TableNode, TableRow, TableUiState } from './types.ts';

/** Typing in the search box or a text filter waits this long before asking the server. */
export const INPUT_DEBOUNCE_MS = 300;
const FALLBACK_ERROR = 'errors.request.serverError';

interface Criteria { search: string; filters: Record<string, string> }
interface State { pageIndex: number; pageSize: number; sort: SortChoice | null; input: Criteria; applied: Criteria }

type Event =
  | { type: 'page'; pageIndex: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'sort'; sort: SortChoice }
  | { type: 'search'; text: string }
  | { type: 'filter'; name: string; value: string; immediate: boolean }
  | { type: 'clearFilters' }
  | { type: 'clearCriteria' }
  | { type: 'apply' };

// Page, size and sort apply at once; typed criteria apply after the debounce. Any change of
// what the list contains goes back to the first page.
function reduce(state: State, event: Event): State {
  switch (event.type) {
    case 'page': return { ...state, pageIndex: Math.max(0, event.pageIndex) };
    case 'pageSize': return { ...state, pageSize: event.pageSize, pageIndex: 0 };
    case 'sort': return { ...state, sort: event.sort, pageIndex: 0 };
    case 'search': return { ...state, input: { ...state.input, search: event.text } };
    case 'filter': {
      const input = { ...state.input, filters: { ...state.input.filters, [event.name]: event.value } };
      return event.immediate ? { ...state, input, applied: input, pageIndex: 0 } : { ...state, input };
    }
    case 'clearFilters': {
      const input = { search: state.input.search, filters: {} };
      return { ...state, input, applied: input, pageIndex: 0 };
    }
    case 'clearCriteria': {
      const input = { search: '', filters: {} };
      return { ...state, input, applied: input, pageIndex: 0 };
    }
    case 'apply': return state.input === state.applied ? state : { ...state, applied: state.input, pageIndex: 0 };
  }
}

function initialState(definition: TableNode): State {
  const ui = initialUiState(definition);
  const criteria = { search: ui.search, filters: ui.filters };
  return { pageIndex: ui.pageIndex, pageSize: ui.pageSize, sort: ui.sort, input: criteria, applied: criteria };
}

/** Whether the applied search or a filter narrows the list: a value that is sent (list-params.ts), not only typed. */
function isFiltered(definition: TableNode, applied: State['applied'], language: string): boolean {
  if (definition.search && applied.search.trim() !== '') return true;
  return (definition.filters ?? []).some((filter) => filterParameterValue(filter, applied.filters[filter.filter], language) !== undefined);
}

/** A failure as the server named it: an i18n code and the values its text needs. */
export interface TableError { code: string; values: Record<string, unknown> }
const EMPTY_ROWS: TableRow[] = [];

function tableError(error: unknown): TableError | null {
  // A read called off is no failure (issue 13 item 10).
  if (!error || isCalledOff(error)) return null;
  return error instanceof ApiRequestError ? { code: error.code, values: error.meta } : { code: FALLBACK_ERROR, values: {} };
}

export interface TableData {
  /** What the controls show (typed texts before the debounce included). */
  ui: TableUiState;
  pageSizes: number[];
  rows: TableRow[];
  total: number;
  pageCount: number;
  /** A request is in flight. */
  loading: boolean;
  /** At least one page has arrived (the skeleton shows until then). */
  loaded: boolean;
  /** The last failure, null after a success. */
  error: TableError | null;
  /** The response's meta (its notices read it: an account's cards unavailable). */
  meta: Record<string, unknown> | undefined;
  /** Changes whenever the set of rows the list can contain changes (filters, a write invalidating the list). */
  criteriaKey: string;
  /** The list's current filters and sort as query parameters, without paging (for an export of the list). */
  criteria: QueryParams;
  setPageIndex(pageIndex: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: SortChoice): void;
  toggleSort(sort: string): void;
  setSearch(text: string): void;
  setFilter(name: string, value: string, immediate?: boolean): void;
  clearFilters(): void;
  /** The rows shown are narrowed by the user's search or filters (so an empty list is "nothing matches", issue 13). */
  filtered: boolean;
  /** Clears the search and every filter at once (the empty state's button). */
  clearCriteria(): void;
  retry(): void;
}

/**
 * The headless table: UI state, the JSON:API parameters built from the definition and that
 * state, and the read through the data layer (data/queries.ts): the page shown stays while the
 * next one loads, a request nobody needs any more is aborted (the query's signal), and a write
 * anywhere (invalidateResources) fetches the list again.
 */
export function useTableData(definition: TableNode): TableData {
  const { bindings } = useScreen();
  const { language } = useText();
  const [state, dispatch] = useReducer(reduce, definition, initialState);

  useEffect(() => {
    if (state.input === state.applied) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'apply' }), INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.input, state.applied]);

  const ui: TableUiState = { pageIndex: state.pageIndex, pageSize: state.pageSize, sort: state.sort, search: state.applied.search, filters: state.applied.filters };
  const query = listQuery(definition, ui, bindings, language);
  const [, resource, params] = query.queryKey;

  // Other bound source values (another customer, another route status) list other rows: first page.
  const sourceKey = JSON.stringify([resource, resolveAll(definition.source.filter, bindings), resolveAll(definition.source.params, bindings)]);
  const [listedSource, setListedSource] = useState(sourceKey);
  if (listedSource !== sourceKey) {
    setListedSource(sourceKey);
    dispatch({ type: 'page', pageIndex: 0 });
  }

  const result = useQuery({ ...query, placeholderData: keepPreviousData });
  const document = result.data;
  const rows = useMemo(() => document?.data.map((item) => ({ id: rowIdOf(definition, item), record: item.attributes })) ?? EMPTY_ROWS, [document, definition]);
  const total = (document?.meta?.page as { total?: number } | undefined)?.total ?? rows.length;
  const loaded = document !== undefined;
  const error = tableError(result.error);
  const loading = result.isFetching;

  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  // A write can shrink the list below the current page: go to the last page that exists.
  useEffect(() => {
    if (!loading && loaded && !error && rows.length === 0 && state.pageIndex > 0 && total > 0) {
      dispatch({ type: 'page', pageIndex: pageCount - 1 });
    }
  }, [loading, loaded, error, rows, total, state.pageIndex, pageCount]);

  const invalidations = useInvalidations([RESOURCE_ROOT, resource]);
  const criteria = criteriaParams(params);
  const criteriaKey = useMemo(() => {
    const { 'filter[sort]': _sort, ...unsorted } = criteria;
    return JSON.stringify([resource, unsorted, invalidations]);
    // The key's hash stands for resource and criteria, new objects on every render.
  }, [JSON.stringify(criteria), resource, invalidations]);

  return {
    ui: { ...ui, search: state.input.search, filters: state.input.filters },
    pageSizes: pageSizesOf(definition),
    rows,
    total,
    pageCount,
    loading,
    loaded,
    error,
    meta: document?.meta,
    criteriaKey,
    criteria,
    setPageIndex: (pageIndex) => dispatch({ type: 'page', pageIndex }),
    setPageSize: (pageSize) => dispatch({ type: 'pageSize', pageSize }),
    setSort: (sort) => dispatch({ type: 'sort', sort }),
    toggleSort: (sort) => dispatch({ type: 'sort', sort: nextSort(state.sort, sort) }),
    setSearch: (text) => dispatch({ type: 'search', text }),
    setFilter: (name, value, immediate = false) => dispatch({ type: 'filter', name, value, immediate }),
    clearFilters: () => dispatch({ type: 'clearFilters' }),
    filtered: isFiltered(definition, state.applied, language),
    clearCriteria: () => dispatch({ type: 'clearCriteria' }),
    retry: () => { void result.refetch(); },
  };
}
