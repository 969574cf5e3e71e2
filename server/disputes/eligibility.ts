import type { Kysely } from 'kysely';
import { disputeIneligibleReason } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AuthContext } from '../auth/context.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { applyScope, fullScope } from '../invoices/scope.ts';

/** The database or an open transaction. */
type Reader = Kysely<DB>;

/**
 * The caller's invoices among `trxIds`, in the order asked. An id that is unknown, in another
 * tenant or outside the user's customers (merchant users: merchants) is "invoice not found" (spec §8), naming the ids.
 * With `lock`, the rows stay locked until the transaction ends, so two requests cannot open
 * two disputes on one invoice.
 */
export async function scopedInvoices(db: Reader, auth: AuthContext, tenantId: string, trxIds: readonly string[], lock = false) {
  // The user's customers', or for merchant users their merchants' (a dealer reads an invoice's eligibility).
  const rows = await applyScope(db.selectFrom('invoices'), fullScope(auth))
    .innerJoin('customers', 'customers.buid_customer', 'invoices.buid_customer')
    .select([
      'invoices.trx_id',
      'invoices.invoice_id',
      'invoices.buid_customer',
      'invoices.buid_merchant',
      'invoices.status',
      'invoices.eligible_for_dispute',
      'invoices.amount_minor',
      'invoices.currency',
      'invoices.current_due_minor',
      'invoices.past_due_minor',
    ])
    .where('invoices.trx_id', 'in', [...trxIds])
    .where('customers.tenant_id', '=', tenantId)
    .$if(lock, (query) => query.forUpdate('invoices'))
    .execute();
  const byId = new Map(rows.map((row) => [row.trx_id, row]));
  const missing = trxIds.filter((id) => !byId.has(id));
  if (missing.length) throw new ApiError(404, ErrorCode.invoiceNotFound, undefined, { trx_ids: missing });
  return trxIds.map((id) => byId.get(id)!);
}

export interface IneligibleTrx {
  trx_id: string;
  ineligible_reason: string;
}

/** The invoices among `invoices` that cannot be disputed, with why (domain/disputes.ts). */
export async function ineligibleInvoices(
  db: Reader,
  invoices: ReadonlyArray<{ trx_id: string; status: string; eligible_for_dispute: boolean }>,
): Promise<IneligibleTrx[]> {
  if (invoices.length === 0) return [];
  const trxIds = invoices.map((invoice) => invoice.trx_id);
  const [listed, open] = await Promise.all([
    db.selectFrom('dispute_ineligible_trxs').select(['trx_id', 'ineligible_reason']).where('trx_id', 'in', trxIds).execute(),
    db.selectFrom('disputes').select('trx_id').distinct().where('trx_id', 'in', trxIds).where('status', '!=', 'closed').execute(),
  ]);
  const reasons = new Map(listed.map((row) => [row.trx_id, row.ineligible_reason]));
  const underDispute = new Set(open.map((row) => row.trx_id));
  return invoices.flatMap((invoice) => {
    const reason = disputeIneligibleReason(invoice, reasons.get(invoice.trx_id), underDispute.has(invoice.trx_id));
    return reason === null ? [] : [{ trx_id: invoice.trx_id, ineligible_reason: reason }];
  });
}
