import type { QueryParams, ResourceObject } from '../../data/api-client.ts';
import { resolveQueryValues, type BindingContext } from '../../definitions/bindings.ts';
import { DEFAULT_PAGE_SIZES, type SortChoice, type TableFilterDefinition, type TableNode, type TableUiState } from './types.ts';

/** server/http/list-query.ts refuses larger pages. */
export const MAX_PAGE_SIZE = 10_000;
/** server/http/list-query.ts parseMinor accepts at most 15 digits. */
const MAX_MINOR_DIGITS = 15;

/** The page sizes offered, each within the server's bounds, in the definition's order. */
export function pageSizesOf(definition: Pick<TableNode, 'pageSizes'>): number[] {
  const sizes = (definition.pageSizes ?? [...DEFAULT_PAGE_SIZES]).filter(
    (size) => Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE,
  );
  return sizes.length ? [...new Set(sizes)] : [...DEFAULT_PAGE_SIZES];
}

/** The state a table starts in: first page, the definition's default size and sort, no filters. */
export function initialUiState(definition: Pick<TableNode, 'pageSizes' | 'defaultPageSize' | 'defaultSort'>): TableUiState {
  const sizes = pageSizesOf(definition);
  const pageSize =
    definition.defaultPageSize !== undefined && sizes.includes(definition.defaultPageSize) ? definition.defaultPageSize : sizes[0]!;
  return { pageIndex: 0, pageSize, sort: definition.defaultSort ?? null, search: '', filters: {} };
}

/** A click on a sortable header: the same column flips direction, another column starts ascending. */
export function nextSort(current: SortChoice | null, sort: string): SortChoice {
  if (current?.sort === sort) return { sort, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { sort, direction: 'asc' };
}

function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * A money amount as the user types it, in integer minor units (two decimals, spec §9).
 * The locale's decimal separator wins; the other separator is read as a decimal only when it
 * occurs once with one or two digits after it ("12.50" typed in German), else as grouping.
 * parseMoneyToMinor('1,234.5', 'en') === 123450; parseMoneyToMinor('1.234,56', 'de') === 123456;
 * null when the text is empty or not an amount.
 */
export function parseMoneyToMinor(text: string, locale: string): number | null {
  let value = text.trim();
  const negative = /^[-\u2212]/.test(value);
  if (negative) value = value.slice(1).trim();
  value = value.replace(/[\s\u00a0\u202f'\u2019]/g, '');
  if (!value) return null;
  const decimal = decimalSeparator(locale) === ',' ? ',' : '.';
  const other = decimal === ',' ? '.' : ',';
  let separator: string | null = null;
  if (value.includes(decimal)) separator = decimal;
  else if (value.split(other).length === 2 && new RegExp(`\\${other}\\d{1,2}$`).test(value)) separator = other;
  let whole = value;
  let fraction = '';
  if (separator !== null) {
    const at = value.lastIndexOf(separator);
    whole = value.slice(0, at);
    fraction = value.slice(at + 1);
  }
  whole = whole.split(separator === other ? decimal : other).join('');
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction) || (whole === '' && fraction === '')) return null;
  const digits = `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_MINOR_DIGITS) return null;
  const minor = Number(digits);
  return negative && minor !== 0 ? -minor : minor;
}

function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/**
 * The filter[...] value a filter input sends: undefined when empty or invalid (an invalid
 * entry is shown as such and never sent, so the server never answers 400 to typing).
 */
export function filterParameterValue(
  filter: Pick<TableFilterDefinition, 'type'>,
  raw: string | undefined,
  locale: string,
): string | undefined {
  const value = (raw ?? '').trim();
  if (!value) return undefined;
  switch (filter.type) {
    case 'date':
      return isDay(value) ? value : undefined;
    case 'money': {
      const minor = parseMoneyToMinor(value, locale);
      return minor === null ? undefined : String(minor);
    }
    case 'text':
    case 'select':
      return value;
  }
}

/** True when the input is empty or holds a value the filter can send. */
export function isFilterInputValid(filter: Pick<TableFilterDefinition, 'type'>, raw: string | undefined, locale: string): boolean {
  return !(raw ?? '').trim() || filterParameterValue(filter, raw, locale) !== undefined;
}

function setScalar(params: QueryParams, key: string, value: unknown): void {
  if (typeof value === 'number' || typeof value === 'boolean') params[key] = String(value);
  else if (typeof value === 'string' && value !== '') params[key] = value;
}

/**
 * The JSON:API list parameters (server/http/list-query.ts) for a table definition and what the
 * user chose: the source's bound filters, then search and filter inputs (a user's filter wins
 * over a source filter of the same name), filter[sort]=<sort>|<dir>, page[number], page[size].
 * @example buildListParams(node, { pageIndex: 1, pageSize: 50, sort: { sort: 'due_date', direction: 'asc' }, search: '', filters: {} }, bindings)
 *   // { 'filter[buid_customer]': 'C-1004', 'filter[sort]': 'due_date|asc', 'page[number]': 2, 'page[size]': 50 }
 */
export function buildListParams(definition: TableNode, state: TableUiState, bindings: BindingContext, locale = 'en'): QueryParams {
  const params: QueryParams = { ...resolveQueryValues(definition.source.params, bindings) };
  for (const [name, value] of Object.entries(resolveQueryValues(definition.source.filter, bindings))) params[`filter[${name}]`] = value;
  if (definition.search) setScalar(params, `filter[${definition.search.filter}]`, state.search.trim());
  for (const filter of definition.filters ?? []) {
    const value = filterParameterValue(filter, state.filters[filter.filter], locale);
    if (value !== undefined) params[`filter[${filter.filter}]`] = value;
  }
  if (state.sort) params['filter[sort]'] = `${state.sort.sort}|${state.sort.direction}`;
  params['page[number]'] = state.pageIndex + 1;
  params['page[size]'] = Math.min(Math.max(1, Math.trunc(state.pageSize)), MAX_PAGE_SIZE);
  return params;
}

/**
 * What the list contains, without its paging: the parameters an export of the same list
 * (GET /invoices.csv) takes, in the same order and with the same filters.
 */
export function criteriaParams(params: QueryParams): QueryParams {
  const { 'page[number]': _page, 'page[size]': _size, ...criteria } = params;
  return criteria;
}

/** "x–y of total" for the pager; 0–0 of 0 for an empty list. */
export function pageRange(
  pageIndex: number,
  pageSize: number,
  rowsOnPage: number,
  total: number,
): { from: number; to: number; total: number } {
  if (rowsOnPage === 0) return { from: 0, to: 0, total };
  const from = pageIndex * pageSize + 1;
  return { from, to: from + rowsOnPage - 1, total };
}

/** A row's id: the definition's rowId attribute, else the resource id. */
export function rowIdOf(definition: Pick<TableNode, 'rowId'>, resource: ResourceObject): string {
  const value = definition.rowId ? resource.attributes[definition.rowId] : undefined;
  return value === undefined || value === null ? resource.id : String(value);
}
