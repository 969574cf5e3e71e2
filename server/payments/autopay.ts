import { sql } from 'kysely';
import { centralDay } from '../../domain/exposure.ts';
import { flagOn } from '../../domain/flags.ts';
import { INVOICE_STATUSES, isPayable } from '../../domain/invoice-status.ts';
import { plainAmount } from '../../domain/payments.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { localeText } from '../i18n/locale-text.ts';
import { enqueueJob, type JobHandler, type JobScheduler } from '../jobs/runner.ts';
import type { TenantStore } from '../tenants/store.ts';
import { createPayment, type CreatedPayment } from './service.ts';
import { maskedAccount } from './serialize.ts';

/**
 * AutoPay (issue 5): once a day per tenant, a sweep pays each AutoPay account's customer's
 * payable invoices that fell due since the previous sweep, one payment per invoice through the
 * same payment service, with the key autopay:{trx_id}:{due_date} so nothing is paid twice,
 * and a notification to the customer written with the payment.
 * The first sweep a tenant ever runs pays only invoices due that day: invoices that were past
 * due before AutoPay ran are left for the customer, not swept up at once.
 */
export const AUTOPAY_JOB = 'autopay.sweep';
const PAYABLE = INVOICE_STATUSES.filter(isPayable);
const NOTIFICATION_KEY = 'notifications.autopay.paid';

/** Adds today's sweep (Chicago calendar day) of every tenant with AutoPay on; once per day. */
export function scheduleAutopaySweeps(db: Database, tenants: TenantStore): JobScheduler {
  let scheduledDay = '';
  return async (now) => {
    const day = centralDay(now);
    if (day === scheduledDay) return;
    for (const tenant of tenants.tenants.filter((candidate) => flagOn(candidate.flags, 'autopay_enabled'))) {
      await enqueueJob(db, {
        kind: AUTOPAY_JOB,
        payload: { tenantId: tenant.id, day },
        runAt: now,
        dedupeKey: `${AUTOPAY_JOB}:${tenant.id}:${day}`,
      });
    }
    scheduledDay = day;
  };
}

async function previousSweepDay(db: Database, tenantId: string, day: string): Promise<string | undefined> {
  const { rows } = await sql<{ day: string }>`
    select payload->>'day' as day from jobs
    where kind = ${AUTOPAY_JOB} and status = 'done' and payload->>'tenantId' = ${tenantId} and payload->>'day' < ${day}
    order by 1 desc limit 1
  `.execute(db);
  return rows[0]?.day;
}

/** The customer's notice, in English for other clients; readers get it in their language. */
function notify(accountNumber: string) {
  return async (trx: Database, payment: CreatedPayment) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select('invoice_id')
      .where('trx_id', '=', payment.trxIds[0]!)
      .executeTakeFirstOrThrow();
    const params = {
      invoice: invoice.invoice_id,
      amount: plainAmount(payment.amountMinor, payment.currency),
      account: maskedAccount(accountNumber),
      payment: payment.paymentNumber,
    };
    await trx
      .insertInto('notifications')
      .values({
        tenant_id: payment.tenantId,
        buid_customer: payment.customers[0]!,
        user_type: null,
        created_ts: payment.createdAt,
        effective_ts: payment.createdAt,
        expires_ts: null,
        text_title: localeText('en', `${NOTIFICATION_KEY}.title`, params),
        text_body: localeText('en', `${NOTIFICATION_KEY}.body`, params),
        text_key: NOTIFICATION_KEY,
        text_params: JSON.stringify(params),
        notification_links: '[]',
        notification_attachments: '[]',
      })
      .execute();
  };
}

async function sweep(db: Database, clock: Clock, tenant: Tenant, day: string): Promise<void> {
  const previous = await previousSweepDay(db, tenant.id, day);
  const accounts = await db
    .selectFrom('bank_accounts')
    .innerJoin('customers', 'customers.buid_customer', 'bank_accounts.buid_customer')
    .select(['bank_accounts.id', 'bank_accounts.buid_customer', 'bank_accounts.account_number'])
    .where('customers.tenant_id', '=', tenant.id)
    .where('bank_accounts.autopay', '=', true)
    .where('bank_accounts.removed_at', 'is', null)
    .orderBy('bank_accounts.buid_customer')
    .execute();
  for (const account of accounts) {
    const due = await db
      .selectFrom('invoices')
      .select(['trx_id', 'due_date'])
      .where('buid_customer', '=', account.buid_customer)
      .where('status', 'in', PAYABLE)
      // Due since the previous sweep, up to today; the first sweep takes today's only.
      .where('due_date', '<=', day)
      .where('due_date', previous === undefined ? '=' : '>', previous ?? day)
      .orderBy('due_date')
      .orderBy('trx_id')
      .execute();
    for (const invoice of due) {
      try {
        await createPayment(
          { db, clock, onCreated: notify(account.account_number) },
          {
            tenant,
            userId: null,
            scope: [account.buid_customer],
            selectedCustomer: account.buid_customer,
            idempotencyKey: `autopay:${invoice.trx_id}:${invoice.due_date}`,
            source: 'autopay',
            body: {
              mode: 'INDIVIDUAL_ACCOUNT',
              method: 'bank',
              invoices: [invoice.trx_id],
              bank_account_id: String(account.id),
              terms_accepted: true,
            },
          },
        );
      } catch (error) {
        // A refused invoice (customer not payment eligible, taken meanwhile…) is left for the customer.
        if (!(error instanceof ApiError)) throw error;
      }
    }
  }
}

export function autopaySweepJob(tenants: TenantStore): JobHandler {
  return async (payload, { db, clock }) => {
    const tenant = tenants.byId(String(payload.tenantId));
    const day = String(payload.day);
    if (!tenant || !flagOn(tenant.flags, 'autopay_enabled') || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    await sweep(db, clock, tenant, day);
  };
}
