import { isPayable, INVOICE_STATUSES } from '../../domain/invoice-status.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { PaymentLine } from '../../domain/payments.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';

const PAYABLE = INVOICE_STATUSES.filter(isPayable);

/** What a payment pays: named invoices, or every payable invoice of named customers. */
export type Selection = { invoices: readonly string[] } | { customers: readonly string[] };

/**
 * The lines of a selection within the payer's customers, with each invoice's open balance
 * (current due plus past due) as its amount. Named invoices that are unknown or outside scope
 * are "invoice not found" (spec §8), naming them. Paying a customer pays its payable invoices
 * in the customer's own currency (the currency the program overview shows it in); invoices in
 * another currency are paid by naming them.
 */
export async function paymentLines(db: Database, tenantId: string, scope: readonly string[], selection: Selection): Promise<PaymentLine[]> {
  const customers = scope.length ? [...scope] : [''];
  let query = db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.buid_customer', 'invoices.buid_customer')
    .select([
      'invoices.trx_id',
      'invoices.buid_customer',
      'invoices.currency',
      'invoices.status',
      'invoices.current_due_minor',
      'invoices.past_due_minor',
    ])
    .where('customers.tenant_id', '=', tenantId)
    .where('invoices.buid_customer', 'in', customers);
  if ('invoices' in selection) {
    query = query.where('invoices.trx_id', 'in', [...selection.invoices]);
  } else {
    const outside = selection.customers.filter((customer) => !scope.includes(customer));
    if (outside.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/customers' }, { customers: outside });
    query = query
      .where('invoices.buid_customer', 'in', [...selection.customers])
      .where('invoices.status', 'in', PAYABLE)
      .whereRef('invoices.currency', '=', 'customers.currency');
  }
  const rows = await query.orderBy('invoices.due_date').orderBy('invoices.trx_id').execute();
  const lines = rows.map((row) => ({
    trxId: row.trx_id,
    customer: row.buid_customer,
    currency: row.currency.trim(),
    status: row.status,
    amountMinor: row.current_due_minor + row.past_due_minor,
  }));
  if ('invoices' in selection) {
    const found = new Set(lines.map((line) => line.trxId));
    const missing = selection.invoices.filter((id) => !found.has(id));
    if (missing.length) throw new ApiError(404, ErrorCode.invoiceNotFound, { pointer: '/invoices' }, { trx_ids: missing });
    const order = new Map(selection.invoices.map((id, index) => [id, index]));
    lines.sort((a, b) => order.get(a.trxId)! - order.get(b.trxId)!);
  }
  return lines;
}
