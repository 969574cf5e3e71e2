import { sql } from 'kysely';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import { invoiceCounts } from '../http/count-cache.ts';
import { pageMeta, type PageMeta } from '../http/jsonapi.ts';
import { filteredInvoices, merchantName, orderInvoices, selectInvoiceColumns, type InvoiceListQuery } from './list.ts';

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoiceColumns>['execute']>>[number];

/** The statements one page of GET /invoices runs; the benchmark's raw floor sends the same ones. */
export function invoicePageQueries(db: Database, auth: AuthContext, list: InvoiceListQuery) {
  const filtered = filteredInvoices(db, auth, list.filters);
  const sortsByMerchant = list.sort.some((term) => term.field === 'merchant_name');
  const keyColumns = sortsByMerchant
    ? filtered.select(['invoices.trx_id', merchantName().as('merchant_name')])
    : filtered.select('invoices.trx_id');
  const { number, size } = list.page;
  const count = filtered.select(sql<number>`count(*)::int`.as('total'));
  const compiledCount = count.compile();
  return {
    keys: orderInvoices(keyColumns, list.sort).limit(size).offset((number - 1) * size),
    count,
    /** The count cache's key: the statement and its parameters. */
    countKey: `${compiledCount.sql}|${JSON.stringify(compiledCount.parameters)}`,
    rows: (ids: string[]) => selectInvoiceColumns(db.selectFrom('invoices').where('invoices.trx_id', 'in', ids)),
  };
}

/**
 * One page of GET /invoices as a deferred join: the page's keys come from the index alone
 * (order, offset, limit), then only those rows are read with their merchant name and
 * attachment count. Reading full rows while skipping to a deep page would evaluate the
 * look-ups for every skipped row. The total comes from the count cache.
 */
export async function fetchInvoicePage(db: Database, auth: AuthContext, list: InvoiceListQuery): Promise<{ rows: InvoiceRow[]; meta: PageMeta }> {
  const queries = invoicePageQueries(db, auth, list);
  const [keys, total] = await Promise.all([
    queries.keys.execute(),
    invoiceCounts.get(queries.countKey, async () => (await queries.count.executeTakeFirstOrThrow()).total),
  ]);
  const ids = keys.map((key) => key.trx_id);
  if (ids.length === 0) return { rows: [], meta: pageMeta(list.page, total) };
  const rows = await queries.rows(ids).execute();
  const byId = new Map(rows.map((row) => [row.trx_id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), meta: pageMeta(list.page, total) };
}
