/**
 * The benchmarked request and the route's database work for it: the raw floor calls the
 * route's own fetchInvoicePage (server/invoices/page.ts) with the admin's scope, so it sends
 * exactly the statements GET /invoices sends, without HTTP, session or JSON. The statements of
 * a page are also compiled here (on a Kysely whose driver never sends anything) to print them.
 */
import {
  type CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Dialect,
  type Driver,
} from 'kysely';
import { centralDay } from '../../domain/exposure.ts';
import type { AuthContext } from '../../server/auth/context.ts';
import type { DB } from '../../server/db/schema.ts';
import { parseListQuery } from '../../server/http/list-query.ts';
import { invoiceList, type InvoiceListQuery } from '../../server/invoices/list.ts';
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
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    const refuse = async (): Promise<never> => {
      throw new Error('compile only');
    };
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
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** The admin's scope as the route sees it once filter[buid_customer]=C-9000 is checked against it. */
export const benchAuth = {
  user: { user_type: 'customer' },
  session: { customer_id: BENCH_CUSTOMER, location: null, merchant_id: null },
  customerIds: [BENCH_CUSTOMER],
  merchantIds: [],
} as unknown as AuthContext;

const compiler = new Kysely<DB>({ dialect: new CompileOnlyDialect() });

/** The parsed list query of GET `path`, as the route parses it. */
export function benchList(path: string): InvoiceListQuery {
  return parseListQuery(Object.fromEntries(new URL(path, 'http://127.0.0.1').searchParams), invoiceList);
}

/**
 * The statements of page `page` when no earlier page of the list is known (the first round), as the
 * route sends them once the page's resources are kept: each row's version and look-ups
 * (server/invoices/page-body.ts).
 */
export function pageStatements(page: number): { page: CompiledQuery; count: CompiledQuery } {
  const queries = invoicePageQueries(compiler, benchAuth, benchList(invoicePath(page)), centralDay(new Date()), 'versions');
  return { page: queries.page(), count: queries.count };
}

/** The statement with its parameters inlined, for printing and EXPLAIN by hand. */
export function inlineParameters(compiled: CompiledQuery): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = compiled.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
