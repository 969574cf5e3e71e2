import { sql } from 'kysely';
import { audit } from '../audit.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { invoiceListCaches } from '../invoices/page.ts';
import type { JobHandler } from '../jobs/runner.ts';
import { SETTLE_JOB } from './service.ts';

/**
 * A pending payment settles at its settles_at (the payment's business-day delay): its invoices
 * become Paid with nothing due, its invoice links stop being live, and it is settled, in one
 * transaction with the audit entry. A payment that is no longer pending is left alone, so a
 * job that runs twice settles once.
 */
export async function settlePayment(db: Database, clock: Clock, paymentId: number): Promise<boolean> {
  const settled = await db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'tenant_id', 'status', 'payment_number', 'amount_minor', 'currency'])
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (payment?.status !== 'pending') return false;
    const now = clock.now();
    const links = await trx
      .selectFrom('payment_invoices')
      .select('trx_id')
      .where('payment_id', '=', paymentId)
      .where('active', '=', true)
      .execute();
    const trxIds = links.map((link) => link.trx_id);
    if (trxIds.length) {
      await trx
        .updateTable('invoices')
        .set({ status: 'Paid', current_due_minor: 0, past_due_minor: 0, updated_at: now })
        .where('trx_id', 'in', trxIds)
        .where('status', '=', 'Payment Pending')
        .execute();
    }
    await trx.updateTable('payment_invoices').set({ active: false }).where('payment_id', '=', paymentId).execute();
    await trx.updateTable('payments').set({ status: 'settled', settled_at: now }).where('id', '=', paymentId).execute();
    await audit(trx, {
      tenantId: payment.tenant_id,
      userId: null,
      action: 'payment.settle',
      entity: 'payment',
      entityId: String(paymentId),
      detail: { payment_number: payment.payment_number, amount_minor: payment.amount_minor, currency: payment.currency, invoices: trxIds },
    });
    return true;
  });
  if (settled) invoiceListCaches.invalidate();
  return settled;
}

export const settleJob: JobHandler = async (payload, { db, clock }) => {
  const paymentId = Number(payload.paymentId);
  if (!Number.isSafeInteger(paymentId)) throw new Error(`Bad payment id ${String(payload.paymentId)}`);
  await settlePayment(db, clock, paymentId);
};

/**
 * Pending payments written without a settlement job (imported or seeded ones) get one, so
 * every pending payment settles; a payment that has its job keeps it (dedupe key).
 */
export async function scheduleMissingSettlements(db: Database): Promise<void> {
  await sql`
    insert into jobs (kind, payload, run_at, dedupe_key)
    select ${SETTLE_JOB}, jsonb_build_object('paymentId', p.id), p.settles_at, ${`${SETTLE_JOB}:`} || p.id
    from payments p
    where p.status = 'pending' and p.settles_at is not null
    on conflict (dedupe_key) do nothing
  `.execute(db);
}
