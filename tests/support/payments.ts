import { randomUUID } from 'node:crypto';
import { housekeepingJobHandlers } from '../../server/jobs/housekeeping.ts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { INVOICE_STATUSES, isPayable } from '../../domain/invoice-status.ts';
import type { Database } from '../../server/db/database.ts';
import { paymentJobRunner } from '../../server/payments/jobs.ts';
import { recoveryJobHandlers } from '../../server/jobs/recovery-mail.ts';
import { applicationJobHandlers } from '../../server/applications/notify.ts';
import { disputeJobHandlers, scheduleDisputeExpiry } from '../../server/disputes/expiry.ts';
import { type ApiClient, startTestApi, type TestApi } from './api.ts';

/** The tables a payment writes: a refused payment must leave every one unchanged. */
const PAYMENT_TABLES = ['invoices', 'payments', 'payment_invoices', 'audit_log', 'jobs', 'notifications'] as const;

export async function paymentFingerprint(db: Database): Promise<string> {
  const parts = await Promise.all(
    PAYMENT_TABLES.map(async (table) => {
      const { rows } = await sql<{
        digest: string | null;
      }>`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(db);
      return `${table}:${rows[0]?.digest ?? 'empty'}`;
    }),
  );
  return parts.join(',');
}

export const TEST_CARDS = { approve: '4242 4242 4242 4242', decline: '4000 0000 0000 0002', timeout: '4000 0000 0000 9995' } as const;

/** Tokenises a card at the sandbox provider, as its hosted field does. */
export async function cardToken(client: ApiClient, number: string = TEST_CARDS.approve): Promise<string> {
  const response = await client.post('/card-provider/sandbox/tokens', { key: 'pk_sandbox_demo', number, expiry: '12/30', cvc: '123' });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { token: string }).token;
}

export interface PaymentDocument {
  data: { type: string; id: string; attributes: Record<string, unknown> & { status: string; invoices: string[]; amount_minor: number } };
}

/** POST /payments with a fresh idempotency key unless one is given. */
export function pay(client: ApiClient, body: Record<string, unknown>, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return client.post('/payments', body, { 'idempotency-key': key });
}

const PAYABLE = INVOICE_STATUSES.filter(isPayable);

/** A customer's payable invoices in one currency, oldest due first, with their open balance. */
export async function payableInvoices(db: Database, customer: string, currency = 'USD') {
  const rows = await db
    .selectFrom('invoices')
    .select(['trx_id', 'status', 'current_due_minor', 'past_due_minor', 'due_date'])
    .where('buid_customer', '=', customer)
    .where('currency', '=', currency)
    .where('status', 'in', PAYABLE)
    .orderBy('due_date')
    .orderBy('trx_id')
    .execute();
  return rows.map((row) => ({ ...row, balance: row.current_due_minor + row.past_due_minor }));
}

/** The server's job runner on the test's database and clock (with the account recovery mail, as server/main.ts has it). */
export function testJobRunner(api: TestApi) {
  return paymentJobRunner(
    { db: api.db, clock: api.clock, tenants: api.tenants },
    {
      handlers: {
        ...recoveryJobHandlers({ tenants: api.tenants, mailer: api.mailer }),
        ...disputeJobHandlers({ mailer: api.mailer }),
        ...applicationJobHandlers({ mailer: api.mailer }),
        ...housekeepingJobHandlers(api.tenants),
      },
      schedulers: [scheduleDisputeExpiry(api.db)],
    },
  );
}

/** A test API on the demo seed (20 invoices of C-1004's size) with the payer signed in for C-1001, and the payer's user id. */
export async function startPayerApi(): Promise<{ api: TestApi; payer: ApiClient; payerId: number }> {
  const api = await startTestApi({ bigCustomerInvoices: 20 });
  const payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
  const { user_id: payerId } = await api.db.selectFrom('users').select('user_id').where('username', '=', 'payer').executeTakeFirstOrThrow();
  return { api, payer, payerId };
}
