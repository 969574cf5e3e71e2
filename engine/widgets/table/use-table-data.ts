import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ApiRequestError, type QueryParams } from '../../data/api-client.ts';
import { isCalledOff, RESOURCE_ROOT } from '../../data/queries.ts';
import { useInvalidations } from '../../data/use-invalidations.ts';
import { useText } from '../../i18n/use-text.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { criteriaParams, filterParameterValue, nextSort, pageSizesOf, rowIdOf } from './list-params.ts';
import { listQuery } from './list-query.ts';
import { listCriteriaKey, listStateKey, withoutRefused, withTypedCriteria } from './list-url-state.ts';
import type { SortChoice, TableNode, TableRow, TableUiState } from './types.ts';
import { useListUrlState } from './use-list-url-state.ts';

/** Typing in the search box or a text filter waits this long before asking the server. */
export const INPUT_DEBOUNCE_MS = 300;
const FALLBACK_ERROR = 'errors.request.serverError';

export interface Criteria {
  search: string;
  filters: Record<string, string>;
}

/**
 * What the search box and filter inputs hold: the URL's criteria, or what is being typed. A store
 * of its own, read by each input (TableToolbar), so a keystroke renders that input and not the
 * table: on a 10,000-row page, re-rendering the table per key took 100 ms to over a second at 4x
 * CPU slowdown (issue 25, `npm run bench:inp`).
 */
export type TypedCriteria = StoreApi<Criteria>;

const criteriaOf = (state: TableUiState): Criteria => ({ search: state.search, filters: state.filters });

/** Whether the applied search or a filter narrows the list: a value that is sent (list-params.ts), not only typed. */
function isFiltered(definition: TableNode, applied: Criteria, language: string): boolean {
  if (definition.search && applied.search.trim() !== '') return true;
  return (definition.filters ?? []).some((filter) => filterParameterValue(filter, applied.filters[filter.filter], language) !== undefined);
}

/** A failure as the server named it: an i18n code and the values its text needs. */
export interface TableError {
  code: string;
  values: Record<string, unknown>;
}
const EMPTY_ROWS: TableRow[] = [];

function tableError(error: unknown): TableError | null {
  // A read called off is no failure (issue 13 item 10).
  if (!error || isCalledOff(error)) return null;
  return error instanceof ApiRequestError ? { code: error.code, values: error.meta } : { code: FALLBACK_ERROR, values: {} };
}

export interface TableData {
  /** The state the URL applies: what is asked for and shown (typed texts are in `typed` until their debounce ends). */
  ui: TableUiState;
  /** What the search box and filter inputs show, typed texts before the debounce included. */
  typed: TypedCriteria;
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
  const url = useListUrlState(definition, language);
  const { applied, commit } = url;
  const [typed] = useState<TypedCriteria>(() => createStore<Criteria>()(() => criteriaOf(applied)));
  const appliedCriteria = listCriteriaKey(definition, applied, language);
  // The criteria the debounce below committed last, until the URL shows them.
  const sentTyped = useRef<string | null>(null);

  // The URL's criteria changed: by the debounce's own commit (the inputs keep what was typed since),
  // or without typing (Back, a link, Clear filters): the inputs show them. Before the paint, so no
  // frame shows the old text; not during render, as the inputs are other components reading the store.
  useLayoutEffect(() => {
    const echo = sentTyped.current === appliedCriteria;
    sentTyped.current = null;
    if (echo || listCriteriaKey(definition, typed.getState(), language) === appliedCriteria) return;
    typed.setState(criteriaOf(applied), true);
    // applied is a new object on each render; appliedCriteria stands for what the inputs show of it.
  }, [appliedCriteria, typed]);

  // Typed criteria apply after the debounce, replacing the history entry; any change of what the list contains goes back to
  // the first page. Criteria already asked for (a picked filter, committed at once) are not asked for again: that would undo
  // a page chosen since (list-url-state.ts withTypedCriteria).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (listCriteriaKey(definition, typed.getState(), language) === appliedCriteria) return;
      timer = setTimeout(() => {
        const next = withTypedCriteria(definition, url.latest(), typed.getState(), language);
        if (!next) return;
        sentTyped.current = listCriteriaKey(definition, next, language);
        commit(next, 'replace');
      }, INPUT_DEBOUNCE_MS);
    };
    schedule();
    const unsubscribe = typed.subscribe(schedule);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [typed, appliedCriteria, url.latest, commit, definition, language]);

  const query = listQuery(definition, applied, bindings, language);
  const [, resource, params] = query.queryKey;

  // A page the list no longer has after another customer or currency is chosen is corrected below
  // (the last page that exists). The page is not reset when a bound value changes: at a cold load
  // the session's values arrive after the table mounts, and the URL's page must survive them.

  const result = useQuery({ ...query, placeholderData: keepPreviousData });
  const document = result.data;
  const rows = useMemo(
    () => document?.data.map((item) => ({ id: rowIdOf(definition, item), record: item.attributes })) ?? EMPTY_ROWS,
    [document, definition],
  );
  const total = (document?.meta?.page as { total?: number } | undefined)?.total ?? rows.length;
  const loaded = document !== undefined;
  // A value of the URL the server refuses (a link with a filter it does not accept) is dropped, not shown as a failure.
  const refused =
    result.error instanceof ApiRequestError && result.error.status === 400
      ? withoutRefused(definition, applied, result.error.errors[0]?.source?.parameter)
      : null;
  const error = refused ? null : tableError(result.error);
  const loading = result.isFetching;
  const refusedKey = refused ? listStateKey(definition, refused, language) : null;
  useEffect(() => {
    if (refused) commit(refused, 'replace');
    // refusedKey stands for refused, a new object on every render.
  }, [refusedKey, commit]);

  const pageCount = Math.max(1, Math.ceil(total / applied.pageSize));
  // A write can shrink the list below the current page, a link can name a page past the end: go to the last page that exists.
  useEffect(() => {
    if (!loading && loaded && !error && rows.length === 0 && applied.pageIndex > 0) {
      commit({ ...applied, pageIndex: total > 0 ? pageCount - 1 : 0 }, 'replace');
    }
  }, [loading, loaded, error, rows, total, applied, pageCount, commit]);

  const invalidations = useInvalidations([RESOURCE_ROOT, resource]);
  const criteria = criteriaParams(params);
  const listKey = useMemo(() => {
    const { 'filter[sort]': _sort, ...unsorted } = criteria;
    return JSON.stringify([resource, unsorted, invalidations]);
    // The key's hash stands for resource and criteria, new objects on every render.
  }, [JSON.stringify(criteria), resource, invalidations]);

  // A change starts from the last one asked for, which the page may not show yet (use-list-url-state.ts latest).
  const { latest } = url;
  const applyNow = (criteria: Criteria) => {
    typed.setState(criteria, true);
    commit({ ...latest(), ...criteria, pageIndex: 0 }, 'push');
  };

  return {
    ui: applied,
    typed,
    pageSizes: pageSizesOf(definition),
    rows,
    total,
    pageCount,
    loading,
    loaded,
    error,
    meta: document?.meta,
    criteriaKey: listKey,
    criteria,
    setPageIndex: (pageIndex) => commit({ ...latest(), pageIndex: Math.max(0, pageIndex) }, 'push'),
    setPageSize: (pageSize) => commit({ ...latest(), pageSize, pageIndex: 0 }, 'push'),
    setSort: (sort) => commit({ ...latest(), sort, pageIndex: 0 }, 'push'),
    toggleSort: (sort) => commit({ ...latest(), sort: nextSort(latest().sort, sort), pageIndex: 0 }, 'push'),
    setSearch: (text) => typed.setState({ search: text }),
    setFilter: (name, value, immediate = false) => {
      const current = typed.getState();
      const next = { ...current, filters: { ...current.filters, [name]: value } };
      typed.setState(next, true);
      if (immediate) commit({ ...latest(), ...next, pageIndex: 0 }, 'push');
    },
    clearFilters: () => applyNow({ search: typed.getState().search, filters: {} }),
    filtered: isFiltered(definition, applied, language),
    clearCriteria: () => applyNow({ search: '', filters: {} }),
    retry: () => {
      void result.refetch();
    },
  };
}
