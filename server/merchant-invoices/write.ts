import { sql, type Transaction } from 'kysely';
import { formatScaled } from '../../domain/numeric-input.ts';
import type { InvoiceDraft, PricedInvoice } from '../../domain/merchant-invoices.ts';
import type { DB, Invoice, NewInvoice } from '../db/schema.ts';

export interface ReadyInvoice {
  draft: InvoiceDraft;
  priced: PricedInvoice;
}

/** Rows per insert statement: far below PostgreSQL's 65,535 parameters at ~25 columns. */
const CHUNK = 500;

/** The stored billing state of a total: billed at once (current or past due by its due date) or not billed yet. */
export function billingState(status: string, total: number, dueDate: string | null, today: string) {
  const billed = status !== 'Pending' && status !== 'Unbilled';
  const past = billed && dueDate !== null && dueDate < today;
  return {
    status: billed ? (past && status === 'Billed' ? ('Past Due' as const) : status) : status,
    billed_total_minor: billed ? total : 0,
    current_due_minor: billed && !past ? total : 0,
    past_due_minor: past ? total : 0,
  };
}

const textOrNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

function invoiceRow(trxId: string, merchant: string, ready: ReadyInvoice, today: string, userId: number): NewInvoice {
  const { draft, priced } = ready;
  const dueDate = textOrNull(draft.due_date);
  const state = billingState(draft.status ?? 'Billed', priced.total_minor, dueDate, today);
  return {
    trx_id: trxId,
    invoice_id: String(draft.invoice_id).trim(),
    buid_customer: String(draft.buid_customer),
    buid_location: null,
    buid_merchant: merchant,
    po_number: textOrNull(draft.po_number),
    status: state.status as NewInvoice['status'],
    due_date: dueDate,
    received_date: String(draft.received_date),
    currency: String(draft.currency),
    billed_total_minor: state.billed_total_minor,
    invoice_total_minor: priced.total_minor,
    subtotal_minor: priced.subtotal_minor,
    tax_minor: priced.tax_minor,
    current_due_minor: state.current_due_minor,
    past_due_minor: state.past_due_minor,
    amount_minor: priced.total_minor,
    product: textOrNull(draft.product),
    adjustment_reason: textOrNull(draft.adjustment_reason),
    notes: textOrNull(draft.notes),
    merchant_original_invoice: textOrNull(draft.merchant_original_invoice),
    created_by: userId,
  };
}

const lineRows = (trxId: string, priced: PricedInvoice) =>
  priced.lines.map((line) => ({
    trx_id: trxId,
    line_no: line.line_no,
    description: line.description,
    quantity: Number(formatScaled(line.quantity_milli, 3)),
    unit_price_minor: line.unit_price_minor,
    amount_minor: line.amount_minor,
  }));

/**
 * Bill-to and sold-by for new invoices, from the customer's and the merchant's latest
 * addresses on earlier invoices (spec §3 bill-to, sold-by): two set-based statements.
 */
async function copyAddresses(trx: Transaction<DB>, trxIds: readonly string[]): Promise<void> {
  for (const [kind, owner] of [
    ['billing', 'buid_customer'],
    ['merchant', 'buid_merchant'],
  ] as const) {
    await sql`
      insert into addresses (trx_id, kind, contact_name, line_1, line_2, line_3, city_state_zip, country)
      select n.trx_id, ${kind}, a.contact_name, a.line_1, a.line_2, a.line_3, a.city_state_zip, a.country
      from invoices n
      join lateral (
        select x.* from addresses x join invoices i on i.trx_id = x.trx_id
        where i.${sql.ref(owner)} = n.${sql.ref(owner)} and x.kind = ${kind} and i.trx_id <> n.trx_id
        order by x.id desc limit 1
      ) a on true
      where n.trx_id in (${sql.join(trxIds)})
      on conflict (trx_id, kind) do nothing`.execute(trx);
  }
}

/** Inserts checked invoices of one merchant with their line items and addresses; returns their trx ids. */
export async function insertInvoices(
  trx: Transaction<DB>,
  merchant: string,
  invoices: readonly ReadyInvoice[],
  today: string,
  userId: number,
): Promise<string[]> {
  if (invoices.length === 0) return [];
  const { rows } = await sql<{
    n: number;
  }>`select nextval('merchant_invoice_trx_seq')::int as n from generate_series(1, ${invoices.length})`.execute(trx);
  const trxIds = rows.map((row) => `MT-${String(row.n).padStart(8, '0')}`);
  const invoiceRows = invoices.map((ready, index) => invoiceRow(trxIds[index] as string, merchant, ready, today, userId));
  const lines = invoices.flatMap((ready, index) => lineRows(trxIds[index] as string, ready.priced));
  for (let start = 0; start < invoiceRows.length; start += CHUNK)
    await trx
      .insertInto('invoices')
      .values(invoiceRows.slice(start, start + CHUNK))
      .execute();
  for (let start = 0; start < lines.length; start += CHUNK * 2)
    await trx
      .insertInto('invoice_line_items')
      .values(lines.slice(start, start + CHUNK * 2))
      .execute();
  for (let start = 0; start < trxIds.length; start += CHUNK) await copyAddresses(trx, trxIds.slice(start, start + CHUNK));
  return trxIds;
}

/**
 * Rewrites an editable invoice: its fields, its lines, and its billing state. A billed invoice
 * stays billed; its open balance moves by the change of total (payments made stay counted), and
 * a changed total makes it Adjusted (with the adjustment reason the rules required). An invoice
 * not billed yet may be billed now.
 */
export async function updateInvoice(trx: Transaction<DB>, existing: Invoice, ready: ReadyInvoice, today: string, now: Date): Promise<void> {
  const { draft, priced } = ready;
  const dueDate = textOrNull(draft.due_date);
  const wasBilled = existing.billed_total_minor > 0;
  let state: { status: string; billed_total_minor: number; current_due_minor: number; past_due_minor: number };
  if (wasBilled) {
    const balance = Math.max(0, existing.current_due_minor + existing.past_due_minor + priced.total_minor - existing.invoice_total_minor);
    const past = dueDate !== null && dueDate < today;
    const changed = priced.total_minor !== existing.invoice_total_minor;
    const status = changed
      ? 'Adjusted'
      : existing.status === 'Billed' || existing.status === 'Past Due'
        ? past
          ? 'Past Due'
          : 'Billed'
        : existing.status;
    state = { status, billed_total_minor: priced.total_minor, current_due_minor: past ? 0 : balance, past_due_minor: past ? balance : 0 };
  } else {
    state = billingState(draft.status ?? existing.status, priced.total_minor, dueDate, today);
  }
  await trx
    .updateTable('invoices')
    .set({
      invoice_id: String(draft.invoice_id).trim(),
      po_number: textOrNull(draft.po_number),
      status: state.status as Invoice['status'],
      due_date: dueDate,
      received_date: String(draft.received_date),
      currency: String(draft.currency),
      billed_total_minor: state.billed_total_minor,
      invoice_total_minor: priced.total_minor,
      subtotal_minor: priced.subtotal_minor,
      tax_minor: priced.tax_minor,
      current_due_minor: state.current_due_minor,
      past_due_minor: state.past_due_minor,
      amount_minor: priced.total_minor,
      product: textOrNull(draft.product),
      adjustment_reason: textOrNull(draft.adjustment_reason),
      notes: textOrNull(draft.notes),
      merchant_original_invoice: textOrNull(draft.merchant_original_invoice),
      updated_at: now,
    })
    .where('trx_id', '=', existing.trx_id)
    .execute();
  await trx.deleteFrom('invoice_line_items').where('trx_id', '=', existing.trx_id).execute();
  await trx.insertInto('invoice_line_items').values(lineRows(existing.trx_id, priced)).execute();
}
