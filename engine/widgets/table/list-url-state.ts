/**
 * A table's state in the page's URL (issue 23): page, page size, sort, search and filters live in
 * the query string, as react-admin keeps a list's, so Back, reload and a shared link show the same
 * rows; the route loader (routing/prefetch-screen.ts) and the table (use-table-data.ts) both read
 * it here, so the first request is the table's own. Pure: no React, no router, no fetch; the
 * server could read a URL with it too.
 *
 *   ?page=2&size=100&sort=-due_date&search=fuel&due_from=2026-01-01&amount_min=12.50
 *
 * - Keys: `page` (from 1), `size`, `sort` (a server sort name, `-` for descending), `search`, and
 *   each filter by its name. A screen with several tables puts each under its id
 *   (`?cards-active.page=2`), one table alone has the plain keys (list-namespaces.ts).
 * - What equals the definition's default is left out, so a fresh list has a bare URL.
 * - Values are language-neutral: a money filter is a decimal amount with a dot ("1234.50"),
 *   whatever the user typed it in; a date is YYYY-MM-DD.
 * - An invalid value (page 0, an unknown sort, a size the table does not offer, a malformed date
 *   or amount, a choice the filter does not offer) reads as the default, never as an error.
 */
import type { QueryParams } from '../../data/api-client.ts';
import type { BindingContext } from '../../definitions/bindings.ts';
import { buildListParams, initialUiState, MAX_PAGE_SIZE, pageSizesOf, parseMoneyToMinor } from './list-params.ts';
import type { SortChoice, TableFilterDefinition, TableNode, TableUiState } from './types.ts';

/**
 * What of a table definition its URL state needs: the route loader has only what the screen
 * manifest keeps of it (routing/first-reads.ts), so this is all it reads.
 */
export interface ListStateDefinition extends Pick<TableNode, 'pageSizes' | 'defaultPageSize' | 'defaultSort' | 'search'> {
  columns?: ReadonlyArray<{ sort?: string }>;
  /** Of a select's own options only the values (the manifest keeps no labels). */
  filters?: ReadonlyArray<Pick<TableFilterDefinition, 'filter' | 'type'> & { options?: ReadonlyArray<{ value: string }> }>;
}

/** A query string as URLSearchParams or as the plain object of a binding context's `query`. */
export type UrlQuery = URLSearchParams | Readonly<Record<string, string>>;

/** The keys a table's state takes besides its filters' names; a filter of one of these names is not kept in the URL. */
export const LIST_URL_KEYS = { page: 'page', size: 'size', sort: 'sort', search: 'search' } as const;
const RESERVED: ReadonlySet<string> = new Set(Object.values(LIST_URL_KEYS));

/** server/http/list-query.ts PAGE_NUMBER_PATTERN: pages 1 to 999999. */
const PAGE_PATTERN = /^[1-9]\d{0,5}$/;
/** A money filter in the URL: a plain decimal amount, at most 15 digits in minor units (list-params.ts). */
const MONEY_PATTERN = /^-?\d{1,13}(?:\.\d{1,2})?$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function valueOf(query: UrlQuery, key: string): string | undefined {
  const value = query instanceof URLSearchParams ? query.get(key) : query[key];
  return value === null || value === undefined ? undefined : value;
}

function isDay(value: string): boolean {
  return DAY_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Filters whose value the URL carries (a filter named like a state key would be read twice). */
function urlFilters(definition: ListStateDefinition) {
  return (definition.filters ?? []).filter((filter) => !RESERVED.has(filter.filter));
}

/** The sort names a table may be sorted by: its sortable columns' and its default's. */
function sortNames(definition: ListStateDefinition): Set<string> {
  const names = new Set((definition.columns ?? []).flatMap((column) => (column.sort ? [column.sort] : [])));
  if (definition.defaultSort) names.add(definition.defaultSort.sort);
  return names;
}

function sortText(sort: SortChoice): string {
  return sort.direction === 'desc' ? `-${sort.sort}` : sort.sort;
}

function sortOf(text: string | undefined, definition: ListStateDefinition): SortChoice | null {
  if (text === undefined) return null;
  const descending = text.startsWith('-');
  const sort = descending ? text.slice(1) : text;
  return sortNames(definition).has(sort) ? { sort, direction: descending ? 'desc' : 'asc' } : null;
}

/** A money amount in minor units as the URL writes it: 123450 → "1234.50". */
export function minorToUrlAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A filter's value from the URL as the filter input shows it, or undefined when the filter cannot
 * take it. The texts it returns parse back in every language (list-params.ts parseMoneyToMinor
 * reads a lone dot before two digits as the decimal point).
 */
function filterFromUrl(filter: NonNullable<ListStateDefinition['filters']>[number], raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value || value.length > 4_000) return undefined;
  switch (filter.type) {
    case 'date':
      return isDay(value) ? value : undefined;
    case 'money':
      return MONEY_PATTERN.test(value) ? value : undefined;
    // A select with options of its own offers only those; options from a resource are the server's to judge.
    case 'select':
      return !filter.options || filter.options.some((option) => option.value === value) ? value : undefined;
    case 'text':
      return value;
  }
}

/**
 * A filter input's text as the URL keeps it: the language-neutral form of what would be sent,
 * undefined when nothing would be (empty or not valid yet).
 */
export function filterToUrl(filter: Pick<TableFilterDefinition, 'type'>, raw: string | undefined, locale: string): string | undefined {
  const value = (raw ?? '').trim();
  if (!value) return undefined;
  switch (filter.type) {
    case 'date':
      return isDay(value) ? value : undefined;
    case 'money': {
      const minor = parseMoneyToMinor(value, locale);
      return minor === null ? undefined : minorToUrlAmount(minor);
    }
    case 'text':
    case 'select':
      return value;
  }
}

/**
 * The state a table shows for a URL: each key the URL holds and the table accepts, the
 * definition's default for the rest (initialUiState). `namespace` is list-namespaces.ts's ('' or "<id>.").
 * @example readListState(invoices, new URLSearchParams('page=2&sort=-amount'), '')
 *   // { pageIndex: 1, pageSize: 50, sort: { sort: 'amount', direction: 'desc' }, search: '', filters: {} }
 */
export function readListState(definition: ListStateDefinition, query: UrlQuery, namespace = ''): TableUiState {
  const defaults = initialUiState(definition);
  const read = (key: string) => valueOf(query, `${namespace}${key}`);
  const page = read(LIST_URL_KEYS.page);
  const size = Number(read(LIST_URL_KEYS.size));
  const filters: Record<string, string> = {};
  for (const filter of urlFilters(definition)) {
    const value = filterFromUrl(filter, read(filter.filter));
    if (value !== undefined) filters[filter.filter] = value;
  }
  return {
    pageIndex: page !== undefined && PAGE_PATTERN.test(page) ? Number(page) - 1 : defaults.pageIndex,
    pageSize: pageSizesOf(definition).includes(size) ? size : defaults.pageSize,
    sort: sortOf(read(LIST_URL_KEYS.sort), definition) ?? defaults.sort,
    search: definition.search ? (read(LIST_URL_KEYS.search)?.trim().slice(0, 4_000) ?? '') : '',
    filters,
  };
}

/**
 * The query entries (without namespace) a table's state writes: only what differs from the
 * definition's default, in a fixed order, so equal states give equal URLs.
 */
export function listStateEntries(definition: ListStateDefinition, state: TableUiState, locale: string): Array<[string, string]> {
  const defaults = initialUiState(definition);
  const entries: Array<[string, string]> = [];
  if (state.pageIndex > 0 && state.pageIndex < 1_000_000) entries.push([LIST_URL_KEYS.page, String(Math.trunc(state.pageIndex) + 1)]);
  if (state.pageSize !== defaults.pageSize && state.pageSize >= 1 && state.pageSize <= MAX_PAGE_SIZE)
    entries.push([LIST_URL_KEYS.size, String(state.pageSize)]);
  if (state.sort && (!defaults.sort || sortText(state.sort) !== sortText(defaults.sort)))
    entries.push([LIST_URL_KEYS.sort, sortText(state.sort)]);
  const search = state.search.trim();
  if (definition.search && search) entries.push([LIST_URL_KEYS.search, search]);
  for (const filter of urlFilters(definition)) {
    const value = filterToUrl(filter, state.filters[filter.filter], locale);
    if (value !== undefined) entries.push([filter.filter, value]);
  }
  return entries;
}

/** Whether a query key belongs to a table's state (so writing the state replaces it). */
function ownsKey(definition: ListStateDefinition, namespace: string, key: string): boolean {
  if (!key.startsWith(namespace)) return false;
  const name = key.slice(namespace.length);
  return RESERVED.has(name) || urlFilters(definition).some((filter) => filter.filter === name);
}

/**
 * The URL's query with a table's state written in: the table's own keys replaced, every other
 * key (another table's, a binding's such as the invoice list's `bucket`) kept where it was.
 */
export function writeListState(
  definition: ListStateDefinition,
  query: UrlQuery,
  state: TableUiState,
  namespace: string,
  locale: string,
): URLSearchParams {
  const source = query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query);
  const next = new URLSearchParams(source.filter(([key]) => !ownsKey(definition, namespace, key)));
  for (const [key, value] of listStateEntries(definition, state, locale)) next.append(`${namespace}${key}`, value);
  return next;
}

/** The key equal states share, to tell whether the URL already says what a state says. */
export function listStateKey(definition: ListStateDefinition, state: TableUiState, locale: string): string {
  return new URLSearchParams(listStateEntries(definition, state, locale)).toString();
}

/** What the user types into (the search box, text and amount filters), apart from paging and sort. */
export type ListCriteria = Pick<TableUiState, 'search' | 'filters'>;

/** The key equal criteria share (paging and sort left at the definition's defaults). */
export function listCriteriaKey(definition: ListStateDefinition, criteria: ListCriteria, locale: string): string {
  return listStateKey(definition, { ...initialUiState(definition), search: criteria.search, filters: criteria.filters }, locale);
}

/**
 * The state typed criteria commit once their debounce ends: the latest state (the last one asked
 * for, use-list-url-state.ts) with them, back on the first page; null when the latest state already
 * holds them. A picked filter commits at once and its debounce then finds nothing to do: were it to
 * commit again it would send the list back to page 1 after a page chosen in between (the page-2
 * click of tests/e2e/list-state.test.ts, when the router renders the pick later than the debounce).
 */
export function withTypedCriteria(
  definition: ListStateDefinition,
  latest: TableUiState,
  typed: ListCriteria,
  locale: string,
): TableUiState | null {
  if (listCriteriaKey(definition, latest, locale) === listCriteriaKey(definition, typed, locale)) return null;
  return { ...latest, search: typed.search, filters: typed.filters, pageIndex: 0 };
}

/**
 * The JSON:API list parameters of the page a URL shows: what the table and its route loader
 * send (list-params.ts buildListParams over readListState).
 */
export function listApiParams(
  definition: TableNode,
  query: UrlQuery,
  namespace: string,
  bindings: BindingContext,
  locale: string,
): QueryParams {
  return buildListParams(definition, readListState(definition, query, namespace), bindings, locale);
}

/**
 * The state without what the API refused (its 400 names the parameter, server/http/list-query.ts),
 * or null when the refused parameter is none of the user's choices (a bound source filter: a real
 * error). A link with a filter value the server does not accept then shows the list without it.
 */
export function withoutRefused(definition: ListStateDefinition, state: TableUiState, parameter: unknown): TableUiState | null {
  const defaults = initialUiState(definition);
  if (parameter === 'page[number]' && state.pageIndex !== defaults.pageIndex) return { ...state, pageIndex: defaults.pageIndex };
  if (parameter === 'page[size]' && state.pageSize !== defaults.pageSize) return { ...state, pageSize: defaults.pageSize, pageIndex: 0 };
  const sameSort = (state.sort ? sortText(state.sort) : '') === (defaults.sort ? sortText(defaults.sort) : '');
  if (parameter === 'filter[sort]' && !sameSort) return { ...state, sort: defaults.sort, pageIndex: 0 };
  const name = typeof parameter === 'string' ? /^filter\[(.+)\]$/.exec(parameter)?.[1] : undefined;
  if (name === undefined) return null;
  if (state.filters[name] !== undefined && urlFilters(definition).some((filter) => filter.filter === name)) {
    const { [name]: _refused, ...filters } = state.filters;
    return { ...state, filters, pageIndex: 0 };
  }
  if (definition.search?.filter === name && state.search !== '') return { ...state, search: '', pageIndex: 0 };
  return null;
}
