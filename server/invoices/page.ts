import { type CompiledQuery, sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { centralDay, exposureBucketRule } from '../../domain/exposure.ts';
import type { AuthContext } from '../auth/context.ts';
import { embeddedDatabaseOf, type Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { CountCache } from '../http/count-cache.ts';
import { pageMeta, type PageMeta } from '../http/jsonapi.ts';
import type { SortDirection } from '../http/list-query.ts';
import { PageBoundaries, type BoundaryKey, type SortValue } from '../http/page-boundaries.ts';
import { statementTemplates } from '../db/statement-templates.ts';
import {
  applyInvoiceFilters,
  INVOICE_SORT_COLUMNS,
  INVOICE_TIEBREAKER,
  invoiceFilterValues,
  merchantName,
  rowVersion,
  selectInvoiceColumns,
  selectInvoiceJson,
  selectInvoiceVersions,
  type InvoiceVersion,
  type InvoiceFilterValues,
  type InvoiceListQuery,
  type InvoiceSort,
} from './list.ts';
import type { InvoiceRow } from './serialize.ts';

/** Totals and page boundaries of the invoice lists, dropped together when a write moves invoices between lists. */
export class InvoiceListCaches {
  readonly counts = new CountCache();
  readonly boundaries = new PageBoundaries();
  invalidate(): void {
    this.counts.invalidate();
    this.boundaries.invalidate();
  }
}

/** The server's caches; payment, dispute and settlement writes call invalidate(). */
export const invoiceListCaches = new InvoiceListCaches();

type Filtered = SelectQueryBuilder<DB, 'invoices', object>;
interface OrderTerm {
  expression: Expression<unknown>;
  direction: SortDirection;
}

/**
 * Sort fields a page can seek on: bare columns of invoices (the merchant's name is a look-up),
 * and whether the column may be null (PostgreSQL sorts nulls last ascending, first descending).
 * Nullable text columns are left out: no bound value sorts after every text.
 */
type SeekColumn = keyof Pick<
  InvoiceRow,
  | 'invoice_id'
  | 'trx_id'
  | 'status'
  | 'due_date'
  | 'received_date'
  | 'amount_minor'
  | 'invoice_total_minor'
  | 'current_due_minor'
  | 'past_due_minor'
  | 'currency'
>;
const SEEKABLE: Partial<Record<InvoiceSort, { column: SeekColumn; nullable: boolean }>> = {
  invoice_id: { column: 'invoice_id', nullable: false },
  trx_id: { column: 'trx_id', nullable: false },
  status: { column: 'status', nullable: false },
  due_date: { column: 'due_date', nullable: true },
  received_date: { column: 'received_date', nullable: false },
  amount: { column: 'amount_minor', nullable: false },
  invoice_total: { column: 'invoice_total_minor', nullable: false },
  current_due: { column: 'current_due_minor', nullable: false },
  past_due: { column: 'past_due_minor', nullable: false },
  currency: { column: 'currency', nullable: false },
};

/** Up to this many rows are stepped over with OFFSET on full rows; further, only the keys are (deferred join). */
const DIRECT_SKIP = 200;

const column = (field: InvoiceSort): Expression<unknown> =>
  field === 'merchant_name' ? merchantName() : sql.ref(INVOICE_SORT_COLUMNS[field]);

function ordered<O>(query: SelectQueryBuilder<DB, 'invoices', O>, terms: readonly OrderTerm[]) {
  return terms.reduce((result, term) => result.orderBy(term.expression, term.direction), query);
}

/** Rows to step over and to take; `direct` (skip ≤ DIRECT_SKIP) is decided on the value, as a template's shape. */
interface PageWindow {
  skip: number;
  size: number;
  direct: boolean;
}
const pageWindow = (skip: number, size: number): PageWindow => ({ skip, size, direct: skip <= DIRECT_SKIP });

/**
 * How a page's rows are selected. On PGlite, one json value a row (selectInvoiceJson): its protocol
 * parser copies every field into an ArrayBuffer of its own, and the rows' decoding was a quarter of
 * the list's database work in the process (issue 25, bench/RESULTS.md). On PostgreSQL the columns:
 * there json_build_object cost the database more CPU per request than pg's decoding saved the server.
 */
const rowsAsJson = (db: Database) => embeddedDatabaseOf(db) !== undefined;

/**
 * What a page's statement selects: whole rows, or only what identifies each row's serialised
 * resource (its version and look-ups, server/invoices/page-body.ts) and the page's boundary.
 */
export type PageSelection = 'rows' | 'versions';

/** A whole row of a page, with its version. */
export type InvoicePageRow = InvoiceRow & InvoiceVersion;
/** A row of a 'versions' page: the sort column of a seekable sort is there too (the page's boundary). */
export type InvoiceVersionRow = InvoiceVersion & Partial<InvoiceRow>;

type PageRow = InvoicePageRow | InvoiceVersionRow | { invoice: InvoicePageRow };
// Any selection as one type: Kysely's builder types do not unite (the rows are told apart by rowsOf).
function selectPageRows(db: Database, query: Filtered, selection: PageSelection, sortColumn: SeekColumn | undefined) {
  if (selection === 'versions') {
    const versions = selectInvoiceVersions(query);
    return (sortColumn && sortColumn !== 'trx_id' ? versions.select(`invoices.${sortColumn}`) : versions) as SelectQueryBuilder<
      DB,
      'invoices',
      PageRow
    >;
  }
  return (
    rowsAsJson(db) ? selectInvoiceJson(query) : selectInvoiceColumns(query).select(rowVersion().as('row_version'))
  ) as SelectQueryBuilder<DB, 'invoices', PageRow>;
}

interface PageSelect {
  selection: PageSelection;
  sortColumn: SeekColumn | undefined;
}

/**
 * One page of rows in one statement: with few rows to step over, full rows with OFFSET; with
 * many, the keys of the page from the index first (OFFSET on keys alone), then those rows, so
 * the look-ups are evaluated for the page's rows only.
 */
function pageStatement(db: Database, segment: Filtered, terms: readonly OrderTerm[], { skip, size, direct }: PageWindow, pick: PageSelect) {
  const select = (query: Filtered) => selectPageRows(db, query, pick.selection, pick.sortColumn);
  if (direct) return ordered(select(segment), terms).limit(size).offset(skip);
  const keys = ordered(segment.select('invoices.trx_id'), terms).limit(size).offset(skip);
  return ordered(select(db.selectFrom('invoices').where('invoices.trx_id', 'in', keys)), terms);
}

/**
 * The parts of the rows after a boundary, in the order of one seekable sort term, as at most two
 * index ranges in sort order: PostgreSQL puts nulls after every value ascending and before them descending.
 */
type SeekPart = 'after' | 'nulls' | 'nullsAfter' | 'values';
function seekParts(direction: SortDirection, nullable: boolean, boundIsNull: boolean): SeekPart[] {
  if (!boundIsNull) return direction === 'asc' && nullable ? ['after', 'nulls'] : ['after'];
  return direction === 'asc' ? ['nullsAfter'] : ['nullsAfter', 'values'];
}

/** One part of seekParts as a query and its order. */
function seekSegment(
  filtered: Filtered,
  part: SeekPart,
  field: InvoiceSort,
  direction: SortDirection,
  [boundValue, boundTiebreak]: BoundaryKey,
) {
  const value = sql.ref(INVOICE_SORT_COLUMNS[field]);
  const tiebreak = sql.ref(INVOICE_TIEBREAKER);
  const byValue: OrderTerm[] = [
    { expression: value, direction },
    { expression: tiebreak, direction },
  ];
  const byTiebreak: OrderTerm[] = [{ expression: tiebreak, direction }];
  const after = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  switch (part) {
    case 'after':
      return { query: filtered.where(sql<boolean>`(${value}, ${tiebreak}) ${after} (${boundValue}, ${boundTiebreak})`), terms: byValue };
    case 'nulls':
      return { query: filtered.where(value, 'is', null), terms: byTiebreak };
    case 'nullsAfter':
      return {
        query: filtered.where(value, 'is', null).where(tiebreak, direction === 'asc' ? '>' : '<', boundTiebreak),
        terms: byTiebreak,
      };
    case 'values':
      return { query: filtered.where(value, 'is not', null), terms: byValue };
  }
}

/** The boundary's values a part of seekParts compares with. */
function seekBounds(part: SeekPart, boundValue: SortValue, boundTiebreak: string): { boundValue?: SortValue; boundTiebreak?: string } {
  if (part === 'after') return { boundValue, boundTiebreak };
  return part === 'nullsAfter' ? { boundTiebreak } : {};
}

/**
 * The statements GET /invoices runs for a list, compiled from templates kept per shape
 * (server/db/statement-templates.ts: the SQL is the same for PostgreSQL and PGlite); the
 * benchmark prints them. The filters are parsed and checked here (a 400 or 404 is thrown).
 */
export function invoicePageQueries(
  db: Database,
  auth: AuthContext,
  list: InvoiceListQuery,
  today = centralDay(new Date()),
  selection: PageSelection = 'rows',
) {
  const { values, bucket } = invoiceFilterValues(auth, list.filters);
  // An exposure bucket's rule is placed by today: both are part of the statements' shape.
  const bucketRule = bucket && exposureBucketRule(bucket, today);
  const pick: PageSelect = { selection, sortColumn: seekableSort(list)?.seekable.column };
  const rowsShape = selection === 'versions' ? 'versions' : rowsAsJson(db) ? 'json' : 'columns';
  const filterShape = `${bucket ? `${bucket}@${today}` : ''}|${list.sort.map((term) => `${term.field} ${term.direction}`).join(',')}`;
  const listShape = `${rowsShape}|${filterShape}`;
  const filtered = (filterValues: InvoiceFilterValues) => applyInvoiceFilters(db.selectFrom('invoices'), filterValues, bucketRule);
  const terms: OrderTerm[] = list.sort.map((term) => ({ expression: column(term.field), direction: term.direction }));
  terms.push({ expression: sql.ref(INVOICE_TIEBREAKER), direction: list.sort.at(-1)?.direction ?? 'asc' });
  const count = statementTemplates.compile(`invoices count|${filterShape}`, values, (v) =>
    filtered(v).select(sql<number>`count(*)::int`.as('total')),
  );
  /** The count cache's key: the statement and its parameters. */
  const countKey = `${count.sql}|${JSON.stringify(count.parameters)}`;
  return {
    /** The filtered invoices with this call's values, built as they come (the rare count of a seek part). */
    filtered: () => filtered(values),
    count,
    countKey,
    /** Boundaries do not depend on the page size: the list's filters (with the user's scope) and its sort. */
    listKey: `${countKey}|${JSON.stringify(list.sort)}`,
    /** The page by stepping over the rows before it; compiled only when no boundary lets it seek. */
    page: () => {
      const window = pageWindow((list.page.number - 1) * list.page.size, list.page.size);
      return statementTemplates.compile(
        `invoices page|${listShape}|${window.direct}`,
        { ...values, skip: window.skip, size: window.size },
        (v) => pageStatement(db, filtered(v), terms, { skip: v.skip, size: v.size, direct: window.direct }, pick),
      );
    },
    /** Part `part` of the rows after a boundary, with `skip` of them stepped over. */
    seek: (field: InvoiceSort, direction: SortDirection, part: SeekPart, [boundValue, boundTiebreak]: BoundaryKey, window: PageWindow) =>
      statementTemplates.compile(
        `invoices seek|${listShape}|${field} ${direction} ${part}|${window.direct}`,
        // Only the bounds the part compares with: every value given must reach the statement.
        { ...values, ...seekBounds(part, boundValue, boundTiebreak), skip: window.skip, size: window.size },
        (v) => {
          const segment = seekSegment(filtered(v), part, field, direction, [v.boundValue ?? null, v.boundTiebreak ?? '']);
          return pageStatement(db, segment.query, segment.terms, { skip: v.skip, size: v.size, direct: window.direct }, pick);
        },
      ),
  };
}

const rowsOf = async <R extends InvoiceVersionRow>(db: Database, statement: CompiledQuery<PageRow>): Promise<R[]> => {
  const { rows } = await db.executeQuery(statement);
  // Columns (PostgreSQL, and every 'versions' page) are the rows as they come; json values (PGlite's whole rows) are unwrapped.
  return (rowsAsJson(db) ? rows.map((row) => ('invoice' in row ? row.invoice : row)) : rows) as R[];
};

/** The row's value of the sort column, which every selection of a seekable sort carries. */
function sortValueOf(row: InvoiceVersionRow, column: SeekColumn): SortValue {
  const value = row[column];
  if (value === undefined) throw new Error(`the page's rows lack their sort column ${column}`);
  return value;
}

/** The single sort term of a list when the page can seek on it. */
function seekableSort(list: InvoiceListQuery) {
  const sortTerm = list.sort.length === 1 ? list.sort[0] : undefined;
  const seekable = sortTerm ? SEEKABLE[sortTerm.field] : undefined;
  return sortTerm && seekable ? { sortTerm, seekable } : undefined;
}

/**
 * Whole rows (with their versions) by id, in no particular order: the rows of a page whose
 * resources were not kept (server/invoices/page-body.ts). The ids come from a scoped page.
 */
export function fetchInvoicesById(db: Database, ids: readonly string[]): Promise<InvoicePageRow[]> {
  const statement = statementTemplates.compile(`invoices by id|${rowsAsJson(db) ? 'json' : 'columns'}`, { ids }, (v) =>
    selectPageRows(db, db.selectFrom('invoices').where('invoices.trx_id', 'in', v.ids), 'rows', undefined),
  );
  return rowsOf<InvoicePageRow>(db, statement);
}

/**
 * One page of GET /invoices. A page after a known boundary (an earlier page of the same list
 * ended there) seeks past it through the index; any other page steps over the rows before it.
 * The total comes from the count cache, read at the same time. `today` (the server's clock, Central
 * US) places filter[exposure_bucket]; the count cache keys on the statement, so a new day is a new key.
 */
export function fetchInvoicePage(
  db: Database,
  auth: AuthContext,
  list: InvoiceListQuery,
  caches?: InvoiceListCaches,
  today?: string,
): Promise<{ rows: InvoicePageRow[]; meta: PageMeta }>;
/** The same page as each row's version and look-ups only (server/invoices/page-body.ts). */
export function fetchInvoicePage(
  db: Database,
  auth: AuthContext,
  list: InvoiceListQuery,
  caches: InvoiceListCaches,
  today: string,
  selection: 'versions',
): Promise<{ rows: InvoiceVersionRow[]; meta: PageMeta }>;
export async function fetchInvoicePage(
  db: Database,
  auth: AuthContext,
  list: InvoiceListQuery,
  caches: InvoiceListCaches = invoiceListCaches,
  today = centralDay(new Date()),
  selection: PageSelection = 'rows',
): Promise<{ rows: InvoiceVersionRow[]; meta: PageMeta }> {
  const queries = invoicePageQueries(db, auth, list, today, selection);
  const total = caches.counts.get(queries.countKey, async () => (await db.executeQuery(queries.count)).rows[0]!.total);
  const { size } = list.page;
  const offset = (list.page.number - 1) * size;
  const seek = seekableSort(list);
  const generation = caches.boundaries.currentGeneration;
  const boundary = seek && offset > 0 ? caches.boundaries.nearest(queries.listKey, offset) : undefined;

  let rows: InvoiceVersionRow[];
  if (seek && boundary) {
    const { sortTerm, seekable } = seek;
    rows = [];
    let skip = offset - boundary.position;
    for (const part of seekParts(sortTerm.direction, seekable.nullable, boundary.key[0] === null)) {
      const found = await rowsOf(
        db,
        queries.seek(sortTerm.field, sortTerm.direction, part, boundary.key, pageWindow(skip, size - rows.length)),
      );
      if (found.length === 0 && skip > 0) {
        // The page starts past this segment: step over all of it in the next one (rare: built as it comes).
        const segment = seekSegment(queries.filtered(), part, sortTerm.field, sortTerm.direction, boundary.key);
        const { n } = await segment.query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
        skip = Math.max(0, skip - n);
        continue;
      }
      rows.push(...found);
      skip = 0;
      if (rows.length === size) break;
    }
  } else {
    rows = await rowsOf(db, queries.page());
  }

  const last = rows.at(-1);
  if (seek && last)
    caches.boundaries.record(queries.listKey, offset + rows.length, [sortValueOf(last, seek.seekable.column), last.trx_id], generation);
  return { rows, meta: pageMeta(list.page, await total) };
}
