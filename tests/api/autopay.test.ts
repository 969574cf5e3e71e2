import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopaySweepJob } from '../../server/payments/autopay.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { paymentFingerprint, testJobRunner } from '../support/payments.ts';

/**
 * AutoPay (issue 5): the daily sweep pays the AutoPay account's customer's invoices on their due
 * date through the payment service, once per invoice and due date, with a notification.
 * Demo data: C-1001 has the AutoPay account; its Billed invoices fall due today (2026-11-23),
 * in 3 days, in 10 days, …; its past-due invoices were due before AutoPay ever ran.
 */
let api: TestApi;
let runner: ReturnType<typeof testJobRunner>;
let account: { id: number; account_number: string };
beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: 20 });
  runner = testJobRunner(api);
  account = await api.db
    .selectFrom('bank_accounts')
    .select(['id', 'account_number'])
    .where('autopay', '=', true)
    .where('buid_customer', '=', 'C-1001')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await api?.close();
});

const dueOn = (day: string) =>
  api.db
    .selectFrom('invoices')
    .select(['trx_id', 'invoice_id', 'status', 'due_date', 'currency'])
    .where('buid_customer', '=', 'C-1001')
    .where('due_date', '=', day)
    .orderBy('trx_id')
    .execute();
const autopayPayments = () => api.db.selectFrom('payments').selectAll().where('source', '=', 'autopay').orderBy('id').execute();

describe('AutoPay sweep', () => {
  it('pays invoices due today, not the ones already past due before AutoPay ran', async () => {
    const today = (await dueOn('2026-11-23')).filter((invoice) => invoice.status === 'Billed');
    expect(today.length).toBeGreaterThan(0);
    await runner.tick();

    const payments = await autopayPayments();
    expect(payments.map((payment) => payment.idempotency_key).sort()).toEqual(
      today.map((invoice) => `autopay:${invoice.trx_id}:2026-11-23`).sort(),
    );
    for (const payment of payments) {
      expect(payment).toMatchObject({
        user_id: null,
        method: 'bank',
        mode: 'INDIVIDUAL_ACCOUNT',
        bank_account_id: account.id,
        status: 'pending',
      });
    }
    expect((await dueOn('2026-11-23')).map((invoice) => invoice.status)).not.toContain('Billed');
    const pastDue = await api.db
      .selectFrom('invoices')
      .select('status')
      .where('buid_customer', '=', 'C-1001')
      .where('status', '=', 'Past Due')
      .execute();
    expect(pastDue.length).toBeGreaterThan(0);
    const audits = await api.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'payment')
      .where(
        'entity_id',
        'in',
        payments.map((payment) => String(payment.id)),
      )
      .execute();
    expect(audits).toEqual(payments.map(() => ({ action: 'payment.create', user_id: null })));
  });

  it('runs once a day: another tick the same day changes nothing', async () => {
    const before = await paymentFingerprint(api.db);
    await runner.tick();
    expect(await paymentFingerprint(api.db)).toBe(before);
  });

  it('pays an invoice when the clock passes its due date, once even if the sweep runs twice', async () => {
    const due = (await dueOn('2026-11-26')).filter((invoice) => invoice.status === 'Billed');
    expect(due.length).toBeGreaterThan(0);
    api.clock.set('2026-11-26T13:00:00Z'); // Thursday 07:00 in Chicago
    await runner.tick();
    const handler = autopaySweepJob(api.tenants);
    await handler({ tenantId: 'demo', day: '2026-11-26' }, { db: api.db, clock: api.clock, jobId: 0, attempt: 1 });
    await handler({ tenantId: 'demo', day: '2026-11-26' }, { db: api.db, clock: api.clock, jobId: 0, attempt: 1 });

    for (const invoice of due) {
      const links = await api.db
        .selectFrom('payment_invoices')
        .innerJoin('payments', 'payments.id', 'payment_invoices.payment_id')
        .select(['payments.idempotency_key', 'payments.source'])
        .where('payment_invoices.trx_id', '=', invoice.trx_id)
        .execute();
      expect(links).toEqual([{ idempotency_key: `autopay:${invoice.trx_id}:2026-11-26`, source: 'autopay' }]);
    }
    expect((await dueOn('2026-11-26')).map((invoice) => invoice.status)).not.toContain('Billed');
  });

  it('catches up on days the server missed, and leaves invoices not due yet', async () => {
    api.clock.set('2026-12-07T15:00:00Z');
    const missed = await api.db
      .selectFrom('invoices')
      .select(['trx_id', 'status'])
      .where('buid_customer', '=', 'C-1001')
      .where('due_date', '>', '2026-11-26')
      .where('due_date', '<=', '2026-12-07')
      .where('status', 'in', ['Billed', 'Past Due'])
      .execute();
    const later = await api.db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_customer', '=', 'C-1001')
      .where('due_date', '>', '2026-12-07')
      .where('status', '=', 'Billed')
      .execute();
    expect(missed.length).toBeGreaterThan(0);
    await runner.tick();
    const paid = new Set((await api.db.selectFrom('payment_invoices').select('trx_id').execute()).map((link) => link.trx_id));
    for (const invoice of missed) expect(paid.has(invoice.trx_id), invoice.trx_id).toBe(true);
    for (const invoice of later) expect(paid.has(invoice.trx_id), invoice.trx_id).toBe(false);
    // Earlier AutoPay payments have settled on their business-day timing meanwhile.
    const first = (await autopayPayments())[0]!;
    expect(first.status).toBe('settled');
  });

  it("tells the customer, in the reader's language", async () => {
    const [payment] = await autopayPayments();
    const invoice = await api.db
      .selectFrom('payment_invoices')
      .innerJoin('invoices', 'invoices.trx_id', 'payment_invoices.trx_id')
      .select('invoices.invoice_id')
      .where('payment_id', '=', payment!.id)
      .executeTakeFirstOrThrow();
    const notices = await api.db
      .selectFrom('notifications')
      .selectAll()
      .where('text_key', '=', 'notifications.autopay.paid')
      .orderBy('id')
      .execute();
    expect(notices).toHaveLength((await autopayPayments()).length);
    expect(notices[0]).toMatchObject({ tenant_id: 'demo', buid_customer: 'C-1001', text_title: 'AutoPay payment made' });
    expect(notices[0]!.text_body).toContain(invoice.invoice_id);
    expect(notices[0]!.text_body).toContain(`••••${account.account_number.slice(-4)}`);

    await api.db.updateTable('users').set({ language: 'de' }).where('username', '=', 'payer').execute();
    const payer = api.client();
    await payer.loginWithCustomer('payer', 'C-1001');
    const list = (await payer.get('/ecaas/notifications?page[size]=100')).json() as {
      data: Array<{ attributes: { text_title: string; text_body: string } }>;
    };
    const shown = list.data.filter((notice) => notice.attributes.text_title === 'AutoPay-Zahlung ausgeführt');
    expect(shown).toHaveLength(notices.length);
    expect(
      shown.some(
        (notice) =>
          notice.attributes.text_body.includes(invoice.invoice_id) && notice.attributes.text_body.includes(payment!.payment_number),
      ),
    ).toBe(true);
  });

  it('does nothing for a removed AutoPay account or a tenant without AutoPay', async () => {
    await api.db.updateTable('bank_accounts').set({ removed_at: api.clock.now() }).where('id', '=', account.id).execute();
    api.clock.set('2026-12-22T15:00:00Z');
    const before = (await autopayPayments()).length;
    await runner.tick();
    expect((await autopayPayments()).length).toBe(before);
    const fleetSweeps = await api.db.selectFrom('jobs').select('id').where('dedupe_key', 'like', 'autopay.sweep:fleet:%').execute();
    expect(fleetSweeps).toEqual([]);
  });
});
