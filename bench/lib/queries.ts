/**
 * The SQL GET /invoices runs, obtained from the route's own query builders
 * (server/invoices/page.ts invoicePageQueries, which fetchInvoicePage executes): the keys of
 * the page from the index, the count (served from the route's count cache), and the rows of
 * those keys. Compiled on a Kysely whose driver never sends anything.
 */
import {
  CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type Dialect, type Driver,
} from 'kysely';
import type { AuthContext } from '../../server/auth/context.ts';
import type { DB } from '../../server/db/schema.ts';
import { parseListQuery } from '../../server/http/list-query.ts';
import { invoiceList } from '../../server/invoices/list.ts';
import { invoicePageQueries } from '../../server/invoices/page.ts';

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

/** Compiles only: the bench sends the statements itself. */
class CompileOnlyDialect implements Dialect {
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver {
    const refuse = async (): Promise<never> => { throw new Error('compile only'); };
    return {
      async init() {},
      acquireConnection: refuse,
      beginTransaction: refuse,
      commitTransaction: refuse,
      rollbackTransaction: refuse,
      async releaseConnection() {},
      async destroy() {},
    };
  }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
}

export interface RouteStatements {
  keys: CompiledQuery;
  count: CompiledQuery;
  /** The count cache's key, as the route computes it. */
  countKey: string;
  rows(ids: string[]): CompiledQuery;
}

/** The admin's scope as the route sees it once filter[buid_customer]=C-9000 is checked against it. */
const benchAuth = {
  user: { user_type: 'customer' },
  session: { customer_id: BENCH_CUSTOMER, location: null, merchant_id: null },
  customerIds: [BENCH_CUSTOMER],
  merchantIds: [],
} as unknown as AuthContext;

const compiler = new Kysely<DB>({ dialect: new CompileOnlyDialect() });

/** The statements GET `path` runs, compiled by the route's own builders (same calls as the handler). */
export function routeStatements(path: string): RouteStatements {
  const query = Object.fromEntries(new URL(path, 'http://127.0.0.1').searchParams);
  const queries = invoicePageQueries(compiler, benchAuth, parseListQuery(query, invoiceList));
  return {
    keys: queries.keys.compile(), count: queries.count.compile(), countKey: queries.countKey,
    rows: (ids) => queries.rows(ids).compile(),
  };
}

/** Statements for every page number 1..PAGES (index = page - 1). */
export function allRouteStatements(): RouteStatements[] {
  return Array.from({ length: PAGES }, (_, index) => routeStatements(invoicePath(index + 1)));
}

/** The statement with its parameters inlined, for printing and EXPLAIN by hand. */
export function inlineParameters(compiled: CompiledQuery): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = compiled.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

export { CompiledQuery };
