import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { exposureBucketRule, EXPOSURE_BUCKETS, isExposureBucket, type ExposureBucketRule } from '../../domain/exposure.ts';
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
import type { InvoiceRow } from './serialize.ts';
import { applyScope, listScope } from './scope.ts';

/** spec §7 GET /invoices: every filter the invoice lists, the program overview and the CSV export use. */
export const invoiceList = {
  filters: [
    'buid_customer',
    'status',
    'trx_id',
    'invoice_id',
    'po_number',
    'search',
    'due_from',
    'due_to',
    'received_from',
    'received_to',
    'amount_min',
    'amount_max',
    'product',
    'buid_merchant',
    'sol_currency',
    'buid_location',
    'exposure_bucket',
  ] as const,
  sorts: [
    'invoice_id',
    'trx_id',
    'po_number',
    'status',
    'due_date',
    'received_date',
    'amount',
    'invoice_total',
    'current_due',
    'past_due',
    'currency',
    'product',
    'merchant_name',
  ] as const,
  // Most urgent first: the oldest due date leads (the default of the invoice lists).
  defaultSort: [{ field: 'due_date', direction: 'asc' }] as const,
  defaultPageSize: 50,
  // The values filteredInvoices parses, so the document tells their form (they stay parsed there).
  filterSchemas: {
    due_from: { type: 'string', format: 'date' },
    due_to: { type: 'string', format: 'date' },
    received_from: { type: 'string', format: 'date' },
    received_to: { type: 'string', format: 'date' },
    amount_min: { type: 'string', pattern: '^-?[0-9]{1,15}$', description: 'Minor units' },
    amount_max: { type: 'string', pattern: '^-?[0-9]{1,15}$', description: 'Minor units' },
    sol_currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
    status: { type: 'string', description: 'Comma-separated invoice statuses (spec §4)' },
    trx_id: { type: 'string', description: 'Comma-separated, up to 500' },
    invoice_id: { type: 'string', description: 'Comma-separated, up to 500' },
    buid_location: { type: 'string', description: 'Comma-separated, up to 500' },
    exposure_bucket: {
      type: 'string',
      enum: EXPOSURE_BUCKETS,
      description:
        'The invoices an overview figure of GET /exposures counts: an ageing bucket, past_due (every bucket after current) ' +
        'or unbilled, by the rules of domain/exposure.ts (statuses and due date, today in Central US time); combines with filter[status]',
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
 * The parsed and checked filters of a list with the user's scope (a 400 or 404 is thrown here, in
 * the order of the parameters), as applyInvoiceFilters applies them: values only, so a statement
 * built from them can be kept per shape (server/db/statement-templates.ts).
 */
export function invoiceFilterValues(auth: AuthContext, filters: InvoiceListQuery['filters']) {
  const scope = listScope(auth, filters);
  const statuses = parseStatuses(filters.status);
  const trxIds = parseIdList(filters.trx_id, 'filter[trx_id]');
  const invoiceIds = parseIdList(filters.invoice_id, 'filter[invoice_id]');
  const poNumber = parseText(filters.po_number, 'filter[po_number]');
  const search = parseText(filters.search, 'filter[search]');
  const values = {
    customers: scope.customers,
    merchants: scope.merchants,
    statuses,
    trxIds,
    invoiceIds,
    poNumber,
    // One case-insensitive contains-match over the three ids (applyInvoiceFilters).
    searchPattern: search ? likePattern(search) : undefined,
    dueFrom: parseDay(filters.due_from, 'filter[due_from]'),
    dueTo: parseDay(filters.due_to, 'filter[due_to]'),
    receivedFrom: parseDay(filters.received_from, 'filter[received_from]'),
    receivedTo: parseDay(filters.received_to, 'filter[received_to]'),
    amountMin: parseMinor(filters.amount_min, 'filter[amount_min]'),
    amountMax: parseMinor(filters.amount_max, 'filter[amount_max]'),
    product: parseText(filters.product, 'filter[product]'),
    // spec §7: filter[sol_currency] is added when the multi-currency flag is on and a currency is chosen.
    currency: parseCurrency(filters.sol_currency),
    locations: parseIdList(filters.buid_location, 'filter[buid_location]'),
  };
  const bucket = filters.exposure_bucket;
  if (bucket !== undefined && !isExposureBucket(bucket))
    throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[exposure_bucket]' });
  return { values, bucket };
}

export type InvoiceFilterValues = ReturnType<typeof invoiceFilterValues>['values'];

/**
 * The conditions of `values` (and of an exposure bucket's rule) on a query over invoices.
 * Every condition compares a bare column to constants, so the indexes on
 * (buid_customer, status, due_date, trx_id) and (buid_customer, due_date, trx_id) apply.
 */
export function applyInvoiceFilters<O>(
  query: SelectQueryBuilder<DB, 'invoices', O>,
  values: InvoiceFilterValues,
  bucketRule: ExposureBucketRule | undefined,
): SelectQueryBuilder<DB, 'invoices', O> {
  let filtered = applyScope(query, values);
  const { statuses, trxIds, invoiceIds, poNumber, searchPattern, locations } = values;
  if (statuses)
    filtered =
      statuses.length === 1 ? filtered.where('invoices.status', '=', statuses[0]!) : filtered.where('invoices.status', 'in', statuses);
  if (trxIds) filtered = filtered.where('invoices.trx_id', 'in', trxIds);
  if (invoiceIds) filtered = filtered.where('invoices.invoice_id', 'in', invoiceIds);
  if (poNumber) filtered = filtered.where('invoices.po_number', '=', poNumber);
  if (searchPattern) {
    // One case-insensitive contains-match over the three ids joined by a unit separator:
    // no index can serve '%term%', and upper() + like is several times cheaper than three ilikes.
    filtered = filtered.where(
      sql<boolean>`upper(invoices.invoice_id || chr(31) || invoices.trx_id || chr(31) || coalesce(invoices.po_number, '')) like upper(${searchPattern})`,
    );
  }
  if (values.dueFrom) filtered = filtered.where('invoices.due_date', '>=', values.dueFrom);
  if (values.dueTo) filtered = filtered.where('invoices.due_date', '<=', values.dueTo);
  if (values.receivedFrom) filtered = filtered.where('invoices.received_date', '>=', values.receivedFrom);
  if (values.receivedTo) filtered = filtered.where('invoices.received_date', '<=', values.receivedTo);
  if (values.amountMin !== undefined) filtered = filtered.where('invoices.amount_minor', '>=', values.amountMin);
  if (values.amountMax !== undefined) filtered = filtered.where('invoices.amount_minor', '<=', values.amountMax);
  if (values.product) filtered = filtered.where('invoices.product', '=', values.product);
  if (values.currency) filtered = filtered.where('invoices.currency', '=', values.currency);
  if (locations) filtered = filtered.where('invoices.buid_location', 'in', locations);
  if (bucketRule) filtered = filtered.where(exposureBucketCondition(bucketRule, 'invoices'));
  return filtered;
}

/**
 * The scoped, filtered invoices, without a selection (the caller selects, counts or streams).
 * `today` (Central US, spec §9) places filter[exposure_bucket]'s due-date bounds.
 */
export function filteredInvoices(
  db: Database,
  auth: AuthContext,
  filters: InvoiceListQuery['filters'],
  today: string,
): SelectQueryBuilder<DB, 'invoices', object> {
  const { values, bucket } = invoiceFilterValues(auth, filters);
  return applyInvoiceFilters(db.selectFrom('invoices'), values, bucket && exposureBucketRule(bucket, today));
}

/**
 * The merchant's name and the attachment count are scalar subqueries rather than joins: with
 * a sort and a limit, PostgreSQL evaluates them for the rows of the page only, after the top-N
 * sort (measured on 1,000,000 invoices: a join doubled the time of an unindexed sort).
 */
export const merchantName = () =>
  sql<string | null>`(select m.merchant_name from merchants m where m.buid_merchant = invoices.buid_merchant)`;

/** Every column of invoices but the row's own bookkeeping (updated_at), which no response carries. */
const RESPONSE_COLUMNS = [
  'trx_id',
  'invoice_id',
  'buid_customer',
  'buid_location',
  'buid_merchant',
  'po_number',
  'status',
  'eligible_for_dispute',
  'due_date',
  'received_date',
  'currency',
  'billed_total_minor',
  'disputed_total_minor',
  'invoice_total_minor',
  'subtotal_minor',
  'tax_minor',
  'late_fee_minor',
  'current_due_minor',
  'past_due_minor',
  'amount_minor',
  'product',
  'adjustment_reason',
  'notes',
  'merchant_original_invoice',
] as const satisfies ReadonlyArray<keyof DB['invoices']>;

/** What every invoice response carries beside the row's own columns, by name. */
const invoiceLookups = () => ({
  merchant_name: merchantName(),
  attachments: sql<number>`(select count(*)::int from invoice_documents d where d.trx_id = invoices.trx_id)`,
  // What domain/disputes.ts needs beside the row to decide eligibleForDispute (as POST /ecaas/disputes does).
  listed_ineligible_reason: sql<
    string | null
  >`(select x.ineligible_reason from dispute_ineligible_trxs x where x.trx_id = invoices.trx_id)`,
  open_dispute: sql<boolean>`exists (select 1 from disputes d where d.trx_id = invoices.trx_id and d.status <> 'closed')`,
});

/** The columns every invoice response carries, with the merchant's name, the attachment count and the dispute eligibility's inputs. */
export function selectInvoiceColumns(query: SelectQueryBuilder<DB, 'invoices', object>) {
  const lookups = invoiceLookups();
  return query
    .select(RESPONSE_COLUMNS.map((column) => `invoices.${column}` as const))
    .select([
      lookups.merchant_name.as('merchant_name'),
      lookups.attachments.as('attachments'),
      lookups.listed_ineligible_reason.as('listed_ineligible_reason'),
      lookups.open_dispute.as('open_dispute'),
    ]);
}

/**
 * A row's version: PostgreSQL's xmin, the transaction that wrote this version of the row. Every
 * update writes a new version with its own xmin, and only committed versions are ever seen by
 * another statement, so (trx_id, xmin) names one content of the row (server/invoices/page-body.ts).
 */
export const rowVersion = () => sql<string>`invoices.xmin::text`;

/** What a serialised invoice resource depends on: the row's version and the look-ups, beside its id. */
export type InvoiceVersion = Pick<InvoiceRow, 'trx_id' | 'merchant_name' | 'attachments' | 'listed_ineligible_reason' | 'open_dispute'> & {
  row_version: string;
};

/** Each row's id, version and look-ups only: a page whose resources are already serialised needs no more. */
export function selectInvoiceVersions(query: SelectQueryBuilder<DB, 'invoices', object>) {
  const lookups = invoiceLookups();
  return query.select([
    'invoices.trx_id',
    rowVersion().as('row_version'),
    lookups.merchant_name.as('merchant_name'),
    lookups.attachments.as('attachments'),
    lookups.listed_ineligible_reason.as('listed_ineligible_reason'),
    lookups.open_dispute.as('open_dispute'),
  ]);
}

/**
 * The same values as one json object per row (column `invoice`), for the paged list: a driver
 * then decodes one field per row instead of 28, which was most of the rows' cost in the server
 * (pg's and PGlite's decoding per field, issue 25). Days stay 'YYYY-MM-DD' in json, minor units
 * numbers and flags booleans, as the column parsers give them (server/db/database.ts).
 */
export function selectInvoiceJson(query: SelectQueryBuilder<DB, 'invoices', object>) {
  const fields: Array<[string, Expression<unknown>]> = [
    ...RESPONSE_COLUMNS.map((column): [string, Expression<unknown>] => [column, sql.ref(`invoices.${column}`)]),
    ...Object.entries(invoiceLookups()),
    ['row_version', rowVersion()],
  ];
  return query.select(
    sql<InvoiceRow & { row_version: string }>`json_build_object(${sql.join(fields.flatMap(([name, value]) => [sql.lit(name), value]))})`.as(
      'invoice',
    ),
  );
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
