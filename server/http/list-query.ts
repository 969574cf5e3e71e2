import { ErrorCode } from '../../domain/error-codes.ts';
import { badRequest } from './errors.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortTerm<S extends string> {
  field: S;
  direction: SortDirection;
}

export interface ListSpec<F extends string, S extends string, E extends string = string> {
  /** filter[name] parameters this list accepts; anything else is refused. */
  filters: readonly F[];
  /** Fields accepted in filter[sort]=field|dir (comma separated for several). */
  sorts: readonly S[];
  defaultSort: readonly SortTerm<S>[];
  /** Paging is optional on lists whose callers fetch the whole (bounded) set. */
  defaultPageSize?: number;
  /** A page's most rows where a list allows fewer than MAX_PAGE_SIZE (a larger page[size] is refused, 400). */
  maxPageSize?: number;
  /** Extra plain query parameters a route accepts besides filter[...] and page[...]. */
  extraParameters?: readonly E[];
  /** The JSON Schema of a filter's value where it is narrower than a bounded string (dates, amounts, enums). */
  filterSchemas?: Partial<Record<F, FilterValueSchema>>;
}

/** Query values are text (no coercion, see server/app.ts): a filter is a string, maybe with a pattern or an enum. */
export interface FilterValueSchema {
  type: 'string';
  pattern?: string;
  enum?: readonly string[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  description?: string;
}

export interface ListQuery<F extends string, S extends string> {
  filters: Partial<Record<F, string>>;
  page: { number: number; size: number };
  sort: SortTerm<S>[];
}

/** spec §9: customer and location pages hold up to 10000 rows. */
export const MAX_PAGE_SIZE = 10_000;
const MAX_VALUE_LENGTH = 4_000;
const MAX_LIST_ITEMS = 500;
const MAX_SORT_TERMS = 3;

/** page[number]: 1 to 999999, digits only. */
export const PAGE_NUMBER_PATTERN = '^[1-9][0-9]{0,5}$';
/** page[size]: 1 to MAX_PAGE_SIZE (10000); a unit test keeps the two in step. */
export const PAGE_SIZE_PATTERN = '^(?:[1-9][0-9]{0,3}|10000)$';

/** The query parameters a list accepts, by name: its filters, its sort (when it has sorts), paging and its extras. */
export type ListParameter<F extends string, S extends string, E extends string> =
  | `filter[${F}]`
  | ([S] extends [never] ? never : 'filter[sort]')
  | 'page[number]'
  | 'page[size]'
  | E;

/**
 * The querystring schema's static type: every parameter optional text, nothing else. Narrower
 * value schemas (patterns, enums) stay in the JSON, which Ajv checks; handlers read the values
 * through parseListQuery, which hands them on as text.
 */
export interface ListQuerystringSchema<P extends string> {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly properties: { readonly [K in P]: { readonly type: 'string' } };
}

/**
 * The querystring's JSON Schema, built from the same spec parseListQuery reads: the route
 * validates with it and the OpenAPI document lists its parameters, so neither can drift.
 * Unknown parameters are refused (additionalProperties: false), as parseListQuery does.
 */
export function listQuerystring<F extends string, S extends string, E extends string = never>(
  spec: ListSpec<F, S, E>,
): ListQuerystringSchema<ListParameter<F, S, E>> {
  const properties: Record<string, FilterValueSchema> = {};
  for (const filter of spec.filters) {
    properties[`filter[${filter}]`] = { maxLength: MAX_VALUE_LENGTH, ...(spec.filterSchemas?.[filter] ?? { type: 'string' }) };
  }
  if (spec.sorts.length > 0) {
    const term = `(?:${spec.sorts.join('|')})(?:\\|(?:asc|desc))?`;
    properties['filter[sort]'] = {
      type: 'string',
      pattern: `^${term}(?:,${term}){0,${MAX_SORT_TERMS - 1}}$`,
      description: `Up to ${MAX_SORT_TERMS} comma-separated field|direction terms; default ${spec.defaultSort.map((t) => `${t.field}|${t.direction}`).join(',') || "the list's own order"}`,
    };
  }
  properties['page[number]'] = { type: 'string', pattern: PAGE_NUMBER_PATTERN, description: 'Page number, from 1' };
  properties['page[size]'] = {
    type: 'string',
    pattern: PAGE_SIZE_PATTERN,
    description: `Rows per page, 1 to ${spec.maxPageSize ?? MAX_PAGE_SIZE} (default ${spec.defaultPageSize ?? 50})`,
  };
  for (const name of spec.extraParameters ?? []) properties[name] = { type: 'string', maxLength: MAX_VALUE_LENGTH };
  // Built by name from the spec, so the record holds exactly the keys ListParameter names (a sorted list's filter[sort] only when it has sorts).
  return { type: 'object', additionalProperties: false, properties } as ListQuerystringSchema<ListParameter<F, S, E>>;
}

function positiveInteger(value: unknown, parameter: string, max: number): number {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) throw badRequest(ErrorCode.invalidFilter, { parameter });
  const number = Number(value);
  if (number < 1 || number > max) throw badRequest(ErrorCode.invalidFilter, { parameter }, { max });
  return number;
}

/**
 * Reads JSON:API list parameters exactly as spec §7 names them:
 * filter[buid_customer]=C-1, page[number]=2, page[size]=50, filter[sort]=due_date|desc.
 * Unknown, repeated or oversized parameters are refused with a 400, never ignored.
 */
export function parseListQuery<F extends string, S extends string>(query: Record<string, unknown>, spec: ListSpec<F, S>): ListQuery<F, S> {
  const filters: Partial<Record<F, string>> = {};
  let number = 1;
  let size = spec.defaultPageSize ?? 50;
  let sort: SortTerm<S>[] = [...spec.defaultSort];

  for (const [key, raw] of Object.entries(query)) {
    if (typeof raw !== 'string') throw badRequest(ErrorCode.invalidFilter, { parameter: key });
    if (raw.length > MAX_VALUE_LENGTH) throw badRequest(ErrorCode.invalidFilter, { parameter: key });
    if (key === 'page[number]') {
      number = positiveInteger(raw, key, 1_000_000);
      continue;
    }
    if (key === 'page[size]') {
      size = positiveInteger(raw, key, spec.maxPageSize ?? MAX_PAGE_SIZE);
      continue;
    }
    if (key === 'filter[sort]') {
      sort = parseSort(raw, spec.sorts);
      continue;
    }
    const match = /^filter\[([a-z_]+)\]$/.exec(key);
    if (match && (spec.filters as readonly string[]).includes(match[1]!)) {
      filters[match[1] as F] = raw;
      continue;
    }
    if (spec.extraParameters?.includes(key)) continue;
    throw badRequest(ErrorCode.invalidFilter, { parameter: key });
  }
  return { filters, page: { number, size }, sort };
}

function parseSort<S extends string>(raw: string, allowed: readonly S[]): SortTerm<S>[] {
  const terms = raw.split(',').map((term) => {
    const [field, direction = 'asc'] = term.split('|');
    if (!field || !(allowed as readonly string[]).includes(field) || (direction !== 'asc' && direction !== 'desc')) {
      throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[sort]' });
    }
    return { field: field as S, direction: direction as SortDirection };
  });
  if (terms.length > MAX_SORT_TERMS) throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[sort]' });
  return terms;
}

/** filter[trx_id]=a,b,c — a bounded list of non-empty ids. */
export function parseIdList(raw: string | undefined, parameter: string): string[] | undefined {
  if (raw === undefined) return undefined;
  const ids = raw.split(',').map((id) => id.trim());
  if (ids.length > MAX_LIST_ITEMS || ids.some((id) => id.length === 0 || id.length > 64)) {
    throw badRequest(ErrorCode.invalidFilter, { parameter });
  }
  return [...new Set(ids)];
}

/** A YYYY-MM-DD filter value. */
export function parseDay(raw: string | undefined, parameter: string): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
    throw badRequest(ErrorCode.invalidFilter, { parameter });
  }
  return raw;
}

/** A money filter in minor units (integer, may be 0). */
export function parseMinor(raw: string | undefined, parameter: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(raw)) throw badRequest(ErrorCode.invalidFilter, { parameter });
  return Number(raw);
}
