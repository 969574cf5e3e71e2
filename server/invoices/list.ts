import { sql, type SelectQueryBuilder } from 'kysely';
import { exposureBucketRule, EXPOSURE_BUCKETS, isExposureBucket } from '../../domain/exposure.ts';
import { parseInvoiceStatus, type InvoiceStatus } from '../../domain/invoice-status.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { parseDay, parseIdList, parseMinor, type ListQuery, type ListSpec, type SortTerm } from '../http/list-query.ts';
import { likePattern } from '../db/like-pattern.ts';
import { CSV_INVOICE_COLUMNS } from './csv.ts';
import { exposureBucketCondition } from './exposure-buckets.ts';
import { applyScope, listScope } from './scope.ts';

/** spec §7 GET /invoices: every filter the invoice lists, the program overview and the CSV export use. */
export const invoiceList = {
  filters: [
    'buid_customer', 'status', 'trx_id', 'invoice_id', 'po_number', 'search',
    'due_from', 'due_to', 'received_from', 'received_to', 'amount_min', 'amount_max',
    'product', 'buid_merchant', 'sol_currency', 'buid_location', 'exposure_bucket',
  ] as const,
  sorts: [
    'invoice_id', 'trx_id', 'po_number', 'status', 'due_date', 'received_date', 'amount',
    'invoice_total', 'current_due', 'past_due', 'currency', 'product', 'merchant_name',
  ] as const,
  // Most urgent first: the oldest due date leads (the default of the invoice lists).
  defaultSort: [{ field: 'due_date', direction: 'asc' }] as const,
  defaultPageSize: 50,
  // The values filteredInvoices parses, so the document tells their form (they stay parsed there).
  filterSchemas: {
    due_from: { type: 'string', format: 'date' }, due_to: { type: 'string', format: 'date' },
    received_from: { type: 'string', format: 'date' }, received_to: { type: 'string', format: 'date' },
    amount_min: { type: 'string', pattern: '^-?[0-9]{1,15}$', description: 'Minor units' },
    amount_max: { type: 'string', pattern: '^-?[0-9]{1,15}$', description: 'Minor units' },
    sol_currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
    status: { type: 'string', description: 'Comma-separated invoice statuses (spec §4)' },
    trx_id: { type: 'string', description: 'Comma-separated, up to 500' },
    invoice_id: { type: 'string', description: 'Comma-separated, up to 500' },
    buid_location: { type: 'string', description: 'Comma-separated, up to 500' },
    exposure_bucket: {
      type: 'string', enum: EXPOSURE_BUCKETS,
      description: 'The invoices an overview figure of GET /exposures counts: an ageing bucket, past_due (every bucket after current) '
        + 'or unbilled, by the rules of domain/exposure.ts (statuses and due date, today in Central US time); combines with filter[status]',
    },
  },
} satisfies ListSpec<string, string>;

export type InvoiceFilter = (typeof invoiceList.filters)[number];
export type InvoiceSort = (typeof invoiceList.sorts)[number];
export type InvoiceListQuery = ListQuery<InvoiceFilter, InvoiceSort>;

/** API sort field → column; merchant_name is the selected alias of the merchant look-up. */
export const INVOICE_SORT_COLUMNS: Record<InvoiceSort, string> = {
  invoice_id: 'invoices.invoice_id',
  trx_id: 'invoices.trx_id',
  po_number: 'invoices.po_number',
  status: 'invoices.status',
  due_date: 'invoices.due_date',
  received_date: 'invoices.received_date',
  amount: 'invoices.amount_minor',
  invoice_total: 'invoices.invoice_total_minor',
  current_due: 'invoices.current_due_minor',
  past_due: 'invoices.past_due_minor',
  currency: 'invoices.currency',
  product: 'invoices.product',
  merchant_name: 'merchant_name',
};
export const INVOICE_TIEBREAKER = 'invoices.trx_id';

function parseStatuses(raw: string | undefined): InvoiceStatus[] | undefined {
  const names = parseIdList(raw, 'filter[status]');
  if (!names) return undefined;
  return names.map((name) => {
    const status = parseInvoiceStatus(name);
    if (!status) throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[status]' });
    return status;
  });
}

export function parseCurrency(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z]{3}$/.test(raw)) throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[sol_currency]' });
  return raw.toUpperCase();
}

function parseText(raw: string | undefined, parameter: string): string | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text.length === 0 || text.length > 100) throw badRequest(ErrorCode.invalidFilter, { parameter });
  return text;
}

/**
 * The scoped, filtered invoices, without a selection (the caller selects, counts or streams).
 * `today` (Central US, spec §9) places filter[exposure_bucket]'s due-date bounds.
 * Every condition compares a bare column to constants, so the indexes on
 * (buid_customer, status, due_date, trx_id) and (buid_customer, due_date, trx_id) apply.
 */
export function filteredInvoices(
  db: Database, auth: AuthContext, filters: InvoiceListQuery['filters'], today: string,
): SelectQueryBuilder<DB, 'invoices', object> {
  let query = applyScope(db.selectFrom('invoices'), listScope(auth, filters));

  const statuses = parseStatuses(filters.status);
  if (statuses) query = statuses.length === 1 ? query.where('invoices.status', '=', statuses[0]!) : query.where('invoices.status', 'in', statuses);
  const trxIds = parseIdList(filters.trx_id, 'filter[trx_id]');
  if (trxIds) query = query.where('invoices.trx_id', 'in', trxIds);
  const invoiceIds = parseIdList(filters.invoice_id, 'filter[invoice_id]');
  if (invoiceIds) query = query.where('invoices.invoice_id', 'in', invoiceIds);
  const poNumber = parseText(filters.po_number, 'filter[po_number]');
  if (poNumber) query = query.where('invoices.po_number', '=', poNumber);
  const search = parseText(filters.search, 'filter[search]');
  if (search) {
    // One case-insensitive contains-match over the three ids joined by a unit separator:
    // no index can serve '%term%', and upper() + like is several times cheaper than three ilikes.
    const pattern = likePattern(search);
    query = query.where(sql<boolean>`upper(invoices.invoice_id || chr(31) || invoices.trx_id || chr(31) || coalesce(invoices.po_number, '')) like upper(${pattern})`);
  }
  const dueFrom = parseDay(filters.due_from, 'filter[due_from]');
  if (dueFrom) query = query.where('invoices.due_date', '>=', dueFrom);
  const dueTo = parseDay(filters.due_to, 'filter[due_to]');
  if (dueTo) query = query.where('invoices.due_date', '<=', dueTo);
  const receivedFrom = parseDay(filters.received_from, 'filter[received_from]');
  if (receivedFrom) query = query.where('invoices.received_date', '>=', receivedFrom);
  const receivedTo = parseDay(filters.received_to, 'filter[received_to]');
  if (receivedTo) query = query.where('invoices.received_date', '<=', receivedTo);
  const amountMin = parseMinor(filters.amount_min, 'filter[amount_min]');
  if (amountMin !== undefined) query = query.where('invoices.amount_minor', '>=', amountMin);
  const amountMax = parseMinor(filters.amount_max, 'filter[amount_max]');
  if (amountMax !== undefined) query = query.where('invoices.amount_minor', '<=', amountMax);
  const product = parseText(filters.product, 'filter[product]');
  if (product) query = query.where('invoices.product', '=', product);
  // spec §7: filter[sol_currency] is added when the multi-currency flag is on and a currency is chosen.
  const currency = parseCurrency(filters.sol_currency);
  if (currency) query = query.where('invoices.currency', '=', currency);
  const locations = parseIdList(filters.buid_location, 'filter[buid_location]');
  if (locations) query = query.where('invoices.buid_location', 'in', locations);
  const bucket = filters.exposure_bucket;
  if (bucket !== undefined) {
    if (!isExposureBucket(bucket)) throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[exposure_bucket]' });
    query = query.where(exposureBucketCondition(exposureBucketRule(bucket, today), 'invoices'));
  }
  return query;
}

/**
 * The merchant's name and the attachment count are scalar subqueries rather than joins: with
 * a sort and a limit, PostgreSQL evaluates them for the rows of the page only, after the top-N
 * sort (measured on 1,000,000 invoices: a join doubled the time of an unindexed sort).
 */
export const merchantName = () => sql<string | null>`(select m.merchant_name from merchants m where m.buid_merchant = invoices.buid_merchant)`;

/** Every column of invoices but the row's own bookkeeping (updated_at), which no response carries. */
const RESPONSE_COLUMNS = [
  'trx_id', 'invoice_id', 'buid_customer', 'buid_location', 'buid_merchant', 'po_number', 'status', 'eligible_for_dispute',
  'due_date', 'received_date', 'currency', 'billed_total_minor', 'disputed_total_minor', 'invoice_total_minor', 'subtotal_minor',
  'tax_minor', 'late_fee_minor', 'current_due_minor', 'past_due_minor', 'amount_minor', 'product', 'adjustment_reason', 'notes',
  'merchant_original_invoice',
] as const satisfies ReadonlyArray<keyof DB['invoices']>;

/** The columns every invoice response carries, with the merchant's name, the attachment count and the dispute eligibility's inputs. */
export function selectInvoiceColumns(query: SelectQueryBuilder<DB, 'invoices', object>) {
  return query.select(RESPONSE_COLUMNS.map((column) => `invoices.${column}` as const)).select([
    merchantName().as('merchant_name'),
    sql<number>`(select count(*)::int from invoice_documents d where d.trx_id = invoices.trx_id)`.as('attachments'),
    // What domain/disputes.ts needs beside the row to decide eligibleForDispute (as POST /ecaas/disputes does).
    sql<string | null>`(select x.ineligible_reason from dispute_ineligible_trxs x where x.trx_id = invoices.trx_id)`.as('listed_ineligible_reason'),
    sql<boolean>`exists (select 1 from disputes d where d.trx_id = invoices.trx_id and d.status <> 'closed')`.as('open_dispute'),
  ]);
}

/** The columns of the CSV export only. */
export function selectCsvColumns(query: SelectQueryBuilder<DB, 'invoices', object>) {
  return query.select(CSV_INVOICE_COLUMNS.map((column) => `invoices.${column}` as const)).select(merchantName().as('merchant_name'));
}

/** The same order fetchPage gives a page, for the unpaged CSV export. */
export function orderInvoices<TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, sort: readonly SortTerm<InvoiceSort>[]) {
  let ordered = query;
  for (const { field, direction } of sort) ordered = ordered.orderBy(sql.ref(INVOICE_SORT_COLUMNS[field]), direction);
  return ordered.orderBy(sql.ref(INVOICE_TIEBREAKER), sort.at(-1)?.direction ?? 'asc');
}
