/**
 * The SQL GET /invoices runs, obtained from the route's own query builders: the same three
 * lines as the handler in server/routes/invoices.ts (parseListQuery → filteredInvoices →
 * selectInvoiceColumns → fetchPage) on a Kysely whose driver records each compiled
 * statement instead of sending it. fetchPage issues the page query and the count query.
 */
import {
  CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type QueryResult,
} from 'kysely';
import type { AuthContext } from '../../server/auth/context.ts';
import type { DB } from '../../server/db/schema.ts';
import { parseListQuery } from '../../server/http/list-query.ts';
import { fetchPage } from '../../server/http/paging.ts';
import {
  filteredInvoices, INVOICE_SORT_COLUMNS, INVOICE_TIEBREAKER, invoiceList, selectInvoiceColumns,
} from '../../server/invoices/list.ts';

export const BENCH_CUSTOMER = 'C-9000';
export const PAGE_SIZE = 50;
/** Page numbers cycle through 1..PAGES. */
export const PAGES = 200;

/** The request of the load: Billed invoices of C-9000, oldest due first, 50 a page. */
export function invoicePath(page: number): string {
  const query = new URLSearchParams({
    'filter[buid_customer]': BENCH_CUSTOMER,
    'filter[status]': 'Billed',
    'filter[sort]': 'due_date|asc',
    'page[size]': String(PAGE_SIZE),
    'page[number]': String(page),
  });
  return `/invoices?${query.toString()}`;
}

/** Page number of the i-th request (0-based): 1, 2, …, 200, 1, … */
export const pageOf = (index: number) => (index % PAGES) + 1;

class CaptureConnection implements DatabaseConnection {
  constructor(private readonly captured: CompiledQuery[]) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.captured.push(compiled);
    // fetchPage reads `total` of the count query's one row.
    return { rows: [{ total: 0 }] as R[] };
  }
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> { throw new Error('not used'); }
}

class CaptureDialect implements Dialect {
  readonly captured: CompiledQuery[] = [];
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver {
    const connection = new CaptureConnection(this.captured);
    return {
      async init() {},
      async acquireConnection() { return connection; },
      async beginTransaction() {},
      async commitTransaction() {},
      async rollbackTransaction() {},
      async releaseConnection() {},
      async destroy() {},
    };
  }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
}

export interface RouteStatements { page: CompiledQuery; count: CompiledQuery }

/** The admin's scope as the route sees it once filter[buid_customer]=C-9000 is checked against it. */
const benchAuth = {
  user: { user_type: 'customer' },
  session: { customer_id: BENCH_CUSTOMER, location: null, merchant_id: null },
  customerIds: [BENCH_CUSTOMER],
  merchantIds: [],
} as unknown as AuthContext;

/** The page and count statements GET `path` runs, compiled by the route's own builders. */
export async function routeStatements(path: string): Promise<RouteStatements> {
  const dialect = new CaptureDialect();
  const db = new Kysely<DB>({ dialect });
  const query = Object.fromEntries(new URL(path, 'http://127.0.0.1').searchParams);
  // Same as the GET /invoices handler:
  const list = parseListQuery(query, invoiceList);
  const builder = selectInvoiceColumns(filteredInvoices(db, benchAuth, list.filters));
  await fetchPage(builder, list, INVOICE_SORT_COLUMNS, INVOICE_TIEBREAKER);
  await db.destroy();
  const count = dialect.captured.find((compiled) => /count\(\*\)::int as "total"/.test(compiled.sql));
  const page = dialect.captured.find((compiled) => compiled !== count);
  if (dialect.captured.length !== 2 || !page || !count) {
    throw new Error(`expected the page and count statements, captured ${dialect.captured.length}:\n${dialect.captured.map((c) => c.sql).join('\n')}`);
  }
  return { page, count };
}

/** Statements for every page number 1..PAGES (index = page - 1). */
export async function allRouteStatements(): Promise<RouteStatements[]> {
  const statements: RouteStatements[] = [];
  for (let page = 1; page <= PAGES; page += 1) statements.push(await routeStatements(invoicePath(page)));
  return statements;
}

/** The statement with its parameters inlined, for printing and EXPLAIN by hand. */
export function inlineParameters(compiled: CompiledQuery): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = compiled.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

export { CompiledQuery };
