import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';
import {
  cardToken,
  pay,
  payableInvoices,
  paymentFingerprint,
  TEST_CARDS,
  testJobRunner,
  type PaymentDocument,
} from '../support/payments.ts';

let api: TestApi;
let payer: ApiClient;
let admin: ApiClient;
let bankAccount: string;
beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: 60 });
  payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
  admin = api.client();
  await admin.loginWithCustomer('admin', 'C-1001');
  const account = await api.db.selectFrom('bank_accounts').select('id').where('buid_customer', '=', 'C-1001').executeTakeFirstOrThrow();
  bankAccount = String(account.id);
});
afterAll(async () => {
  await api?.close();
});

const demo = () => api.tenants.byId('demo')!;
const individual = (invoices: string[], extra: Record<string, unknown> = {}) => ({
  mode: 'INDIVIDUAL_ACCOUNT',
  method: 'bank',
  invoices,
  bank_account_id: bankAccount,
  terms_accepted: true,
  ...extra,
});

/** Runs `request` and checks it was refused with `status` and `code`, and wrote nothing. */
async function refused(request: () => Promise<{ statusCode: number; body: string; json(): unknown }>, status: number, code: string) {
  const before = await paymentFingerprint(api.db);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect(errorCode(response as never)).toBe(code);
  expect(await paymentFingerprint(api.db)).toBe(before);
  return response.json() as { errors: Array<{ code: string; meta?: Record<string, unknown> }> };
}

describe('GET /payment-options', () => {
  it('gives the flow methods, limits, remittance, payable customers, online-payment accounts and the provider', async () => {
    const response = await payer.get('/payment-options');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: { type: string; id: string; attributes: Record<string, unknown> } };
    const payable = await payableInvoices(api.db, 'C-1001');
    expect(data.type).toBe('payment-options');
    expect(data.attributes).toMatchObject({
      methods: ['bank', 'card', 'mail'],
      card_fee_minor: 295,
      min_card_payment_minor: 1000,
      max_invoices_per_card_payment: 25,
      card_currencies: ['USD', 'CAD', 'EUR'],
      remittance: { payee: 'Trade Credit Program Payments', lines: ['PO Box 660123', 'Dallas, TX 75266-0123', 'United States'] },
      customers: [
        {
          buid_customer: 'C-1001',
          customer_name: 'Northwind Logistics',
          payment_eligible: true,
          payment_web_text: null,
          currency: 'USD',
          payable_minor: payable.reduce((sum, row) => sum + row.balance, 0),
          payable_count: payable.length,
        },
      ],
      bank_accounts: [
        {
          id: bankAccount,
          buid_customer: 'C-1001',
          bank_name: 'JPMorgan Chase Bank',
          account_name: 'Northwind Logistics Operating',
          account_number_masked: '••••6789',
          kind: 'us',
          autopay: true,
          online_payment: true,
        },
      ],
      provider: { name: 'sandbox', field_url: '/card-provider/sandbox/field.html', public_key: 'pk_sandbox_demo' },
    });
  });

  it("covers several customers in program mode, and refuses customers outside the user's scope", async () => {
    const corporate = api.client();
    await corporate.login('corporate');
    const response = await corporate.get('/payment-options?filter[buid_customer]=C-1001,C-1007');
    const customers = (
      response.json() as {
        data: { attributes: { customers: Array<{ buid_customer: string; payment_eligible: boolean; payment_web_text: string | null }> } };
      }
    ).data.attributes.customers;
    expect(customers.map((customer) => [customer.buid_customer, customer.payment_eligible])).toEqual([
      ['C-1001', true],
      ['C-1007', false],
    ]);
    expect(customers[1]!.payment_web_text).toBe('Payments are on hold while your credit review is completed.');
    expect((await corporate.get('/payment-options?filter[buid_customer]=C-1003')).statusCode).toBe(404);
  });

  it('is refused to roles that may not pay', async () => {
    for (const username of ['viewer', 'cardviewer', 'safety', 'dealer']) {
      const client = api.client();
      await client.login(username);
      expect((await client.get('/payment-options')).statusCode, username).toBe(403);
    }
  });
});

describe('POST /payments by bank', () => {
  it('pays, moves the invoices to Payment Pending, queues settlement in 2 business days and audits', async () => {
    const [first, second] = await payableInvoices(api.db, 'C-1001');
    const pendingBefore = await payer.get('/invoices?filter[status]=Payment Pending');
    const totalBefore = (pendingBefore.json() as { meta: { page: { total: number } } }).meta.page.total;

    const response = await pay(payer, individual([first!.trx_id, second!.trx_id]));
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json() as PaymentDocument;
    expect(data.type).toBe('payments');
    expect(data.attributes).toMatchObject({
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'bank',
      status: 'pending',
      currency: 'USD',
      amount_minor: first!.balance + second!.balance,
      card_fee_minor: 0,
      total_minor: first!.balance + second!.balance,
      created_at: '2026-11-23T15:00:00.000Z',
      // Monday 09:00 in Chicago + 2 business days
      settles_at: '2026-11-25T15:00:00.000Z',
      invoices: [first!.trx_id, second!.trx_id].sort(),
      customers: ['C-1001'],
      bank_account_masked: '••••6789',
    });
    expect(data.attributes.payment_number).toMatch(/^P-\d{6}$/);
    expect(data.attributes.confirmation_number).toMatch(/^CNF-[A-Z0-9]{8}$/);
    expect(data.attributes).not.toHaveProperty('card_last4');

    const invoices = await api.db
      .selectFrom('invoices')
      .select(['trx_id', 'status'])
      .where('trx_id', 'in', [first!.trx_id, second!.trx_id])
      .execute();
    expect(invoices.map((row) => row.status)).toEqual(['Payment Pending', 'Payment Pending']);
    const links = await api.db.selectFrom('payment_invoices').selectAll().where('payment_id', '=', Number(data.id)).execute();
    expect(links.map((link) => [link.trx_id, link.amount_minor, link.active]).sort()).toEqual(
      [
        [first!.trx_id, first!.balance, true],
        [second!.trx_id, second!.balance, true],
      ].sort(),
    );
    const job = await api.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', `payment.settle:${data.id}`).executeTakeFirstOrThrow();
    expect(new Date(job.run_at).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    const entry = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'payment')
      .where('entity_id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'payment.create', tenant_id: 'demo' });

    // List totals are counted afresh at once (count cache invalidated).
    const pendingAfter = await payer.get('/invoices?filter[status]=Payment Pending');
    expect((pendingAfter.json() as { meta: { page: { total: number } } }).meta.page.total).toBe(totalBefore + 2);

    const read = await payer.get(`/payments/${data.id}`);
    expect(read.statusCode).toBe(200);
    expect((read.json() as PaymentDocument).data).toEqual(data);
  });

  it('pays every payable invoice of a customer in its currency in program mode', async () => {
    const payable = await payableInvoices(api.db, 'C-1003', 'EUR');
    const bank = await api.db.selectFrom('bank_accounts').select('id').where('buid_customer', '=', 'C-1003').executeTakeFirstOrThrow();
    const response = await pay(admin, {
      mode: 'PROGRAM_OVERVIEW',
      method: 'bank',
      customers: ['C-1003'],
      bank_account_id: String(bank.id),
      terms_accepted: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { attributes } = (response.json() as PaymentDocument).data;
    expect(attributes).toMatchObject({
      mode: 'PROGRAM_OVERVIEW',
      currency: 'EUR',
      customers: ['C-1003'],
      amount_minor: payable.reduce((sum, row) => sum + row.balance, 0),
    });
    expect(attributes.invoices).toEqual(payable.map((row) => row.trx_id).sort());
  });
});

describe('POST /payments by card', () => {
  it('authorises the token first, adds the card fee and settles in 3 business days', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const token = await cardToken(payer);
    const response = await pay(payer, individual([invoice!.trx_id], { method: 'card', card_token: token, bank_account_id: undefined }));
    expect(response.statusCode, response.body).toBe(201);
    const { attributes } = (response.json() as PaymentDocument).data;
    expect(attributes).toMatchObject({
      method: 'card',
      amount_minor: invoice!.balance,
      card_fee_minor: 295,
      total_minor: invoice!.balance + 295,
      card_last4: '4242',
      settles_at: '2026-11-26T15:00:00.000Z',
    });
    expect(attributes).not.toHaveProperty('bank_account_masked');
    // The card number is nowhere in the database.
    const stored = await api.db
      .selectFrom('payments')
      .selectAll()
      .where('payment_number', '=', String(attributes.payment_number))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it('refuses a declined card with the provider error and writes nothing', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const token = await cardToken(payer, TEST_CARDS.decline);
    const body = await refused(
      () => pay(payer, individual([invoice!.trx_id], { method: 'card', card_token: token })),
      502,
      ErrorCode.cardProviderFailed,
    );
    expect(body.errors[0]!.meta).toEqual({ reason: 'declined' });
  });

  it("gives up on a provider that does not answer within the tenant's timeout", async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const token = await cardToken(payer, TEST_CARDS.timeout);
    const provider = demo().paymentProvider;
    provider.timeoutMs = 200;
    try {
      const started = Date.now();
      const body = await refused(
        () => pay(payer, individual([invoice!.trx_id], { method: 'card', card_token: token })),
        502,
        ErrorCode.cardProviderFailed,
      );
      expect(body.errors[0]!.meta).toEqual({ reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      provider.timeoutMs = 10_000;
    }
  });

  it('refuses an unknown token as a provider failure', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    await refused(
      () => pay(payer, individual([invoice!.trx_id], { method: 'card', card_token: 'tok_sandbox_forged' })),
      502,
      ErrorCode.cardProviderFailed,
    );
  });
});

describe('refusals (spec §5 rules with §8 messages) write nothing', () => {
  it('needs an Idempotency-Key of 8 to 100 characters', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    await refused(() => payer.post('/payments', individual([invoice!.trx_id])), 400, ErrorCode.invalidRequest);
    await refused(() => pay(payer, individual([invoice!.trx_id]), 'short'), 400, ErrorCode.invalidRequest);
    await refused(() => pay(payer, individual([invoice!.trx_id]), 'x'.repeat(101)), 400, ErrorCode.invalidRequest);
  });

  it('refuses bodies that break the contract', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    await refused(() => pay(payer, { ...individual([invoice!.trx_id]), customers: ['C-1001'] }), 400, ErrorCode.invalidRequest);
    await refused(() => pay(payer, { ...individual([invoice!.trx_id]), method: 'mail' }), 400, ErrorCode.invalidRequest);
    await refused(() => pay(payer, { mode: 'INDIVIDUAL_ACCOUNT', method: 'bank', terms_accepted: true }), 400, ErrorCode.fieldRequired);
  });

  it('needs the terms accepted', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    await refused(() => pay(payer, individual([invoice!.trx_id], { terms_accepted: false })), 422, ErrorCode.termsNotAccepted);
  });

  it('needs a selected customer in individual-account mode', async () => {
    const unselected = api.client();
    await unselected.login('admin');
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    await refused(() => pay(unselected, individual([invoice!.trx_id])), 422, ErrorCode.customerNotSelected);
  });

  it('refuses invoices that are not payable or not found', async () => {
    const paid = await api.db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_customer', '=', 'C-1001')
      .where('status', '=', 'Paid')
      .executeTakeFirstOrThrow();
    const body = await refused(() => pay(payer, individual([paid.trx_id])), 422, ErrorCode.invoiceNotPayable);
    expect(body.errors[0]!.meta).toEqual({ trxId: paid.trx_id });
    await refused(() => pay(payer, individual(['T-NOPE-0001'])), 404, ErrorCode.invoiceNotFound);
    // Another customer's invoice outside the payer's scope is not found either.
    const [other] = await payableInvoices(api.db, 'C-1002', 'CAD');
    await refused(() => pay(payer, individual([other!.trx_id])), 404, ErrorCode.invoiceNotFound);
  });

  it('keeps individual-account mode to the selected customer', async () => {
    const [other] = await payableInvoices(api.db, 'C-1002', 'CAD');
    await refused(() => pay(admin, individual([other!.trx_id])), 422, ErrorCode.oneAccountAtATime);
  });

  it('pays several accounts only by card', async () => {
    await refused(
      () =>
        pay(admin, {
          mode: 'PROGRAM_OVERVIEW',
          method: 'bank',
          customers: ['C-1001', 'C-1002'],
          bank_account_id: bankAccount,
          terms_accepted: true,
        }),
      422,
      ErrorCode.multipleAccountsCardOnly,
    );
  });

  it('needs one supported currency by card, and one currency by bank', async () => {
    const [usd] = await payableInvoices(api.db, 'C-1001');
    const [cad] = await payableInvoices(api.db, 'C-1001', 'CAD');
    const token = await cardToken(payer);
    await refused(
      () => pay(payer, individual([usd!.trx_id, cad!.trx_id], { method: 'card', card_token: token })),
      422,
      ErrorCode.cardCurrencyMismatch,
    );
    await refused(() => pay(payer, individual([usd!.trx_id, cad!.trx_id])), 422, ErrorCode.oneCurrencyPerPayment);
  });

  it('refuses a card payment below the minimum, naming it', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    await api.db.updateTable('invoices').set({ current_due_minor: 999, past_due_minor: 0 }).where('trx_id', '=', invoice!.trx_id).execute();
    try {
      const token = await cardToken(payer);
      const body = await refused(
        () => pay(payer, individual([invoice!.trx_id], { method: 'card', card_token: token })),
        422,
        ErrorCode.cardBelowMinimum,
      );
      expect(body.errors[0]!.meta).toEqual({ minimum: '10.00 USD' });
    } finally {
      await api.db
        .updateTable('invoices')
        .set({ current_due_minor: invoice!.current_due_minor, past_due_minor: invoice!.past_due_minor })
        .where('trx_id', '=', invoice!.trx_id)
        .execute();
    }
  });

  it('refuses more invoices than a card payment may hold', async () => {
    const big = api.client();
    await big.loginWithCustomer('admin', 'C-1004');
    const invoices = (await payableInvoices(api.db, 'C-1004')).slice(0, 26);
    expect(invoices).toHaveLength(26);
    const token = await cardToken(big);
    const body = await refused(
      () =>
        pay(big, {
          mode: 'INDIVIDUAL_ACCOUNT',
          method: 'card',
          invoices: invoices.map((row) => row.trx_id),
          card_token: token,
          terms_accepted: true,
        }),
      422,
      ErrorCode.cardTooManyInvoices,
    );
    expect(body.errors[0]!.meta).toEqual({ maximum: 25 });
  });

  it('refuses a customer that is not payment eligible, with why', async () => {
    const corporate = api.client();
    await corporate.login('corporate');
    const token = await cardToken(corporate);
    const body = await refused(
      () => pay(corporate, { mode: 'PROGRAM_OVERVIEW', method: 'card', customers: ['C-1007'], card_token: token, terms_accepted: true }),
      422,
      ErrorCode.customerNotPaymentEligible,
    );
    expect(body.errors[0]!.meta).toEqual({ customer: 'C-1007', reason: 'Payments are on hold while your credit review is completed.' });
  });

  it('refuses a method the tenant switched off', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const flags = demo().flags;
    flags.bank_payment_enabled = false;
    try {
      await refused(() => pay(payer, individual([invoice!.trx_id])), 422, ErrorCode.methodDisabled);
    } finally {
      flags.bank_payment_enabled = true;
    }
  });

  it('needs a usable bank account of the paying customer', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const other = await api.db.selectFrom('bank_accounts').select('id').where('buid_customer', '=', 'C-1002').executeTakeFirstOrThrow();
    await refused(() => pay(payer, individual([invoice!.trx_id], { bank_account_id: undefined })), 422, ErrorCode.fieldRequired);
    await refused(
      () => pay(payer, individual([invoice!.trx_id], { bank_account_id: String(other.id) })),
      422,
      ErrorCode.bankAccountNotUsable,
    );
    await refused(() => pay(payer, individual([invoice!.trx_id], { bank_account_id: '99999999' })), 422, ErrorCode.bankAccountNotUsable);
    await refused(() => pay(payer, individual([invoice!.trx_id], { method: 'card' })), 422, ErrorCode.fieldRequired);
  });

  it('refuses roles that may not pay, and customers outside scope in program mode', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    for (const username of ['viewer', 'cardviewer', 'safety', 'dealer']) {
      const client = api.client();
      await client.login(username);
      await refused(() => pay(client, individual([invoice!.trx_id])), 403, ErrorCode.forbidden);
    }
    await refused(
      () =>
        pay(payer, { mode: 'PROGRAM_OVERVIEW', method: 'bank', customers: ['C-1002'], bank_account_id: bankAccount, terms_accepted: true }),
      404,
      ErrorCode.notFound,
    );
  });
});

describe('idempotency', () => {
  it('answers the same key and body with the first payment, and refuses the key with another body', async () => {
    const [first, second] = await payableInvoices(api.db, 'C-1001');
    const key = 'retry-key-0001';
    const created = await pay(payer, individual([first!.trx_id]), key);
    expect(created.statusCode, created.body).toBe(201);
    const before = await paymentFingerprint(api.db);

    const again = await pay(payer, individual([first!.trx_id]), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as PaymentDocument).data).toEqual((created.json() as PaymentDocument).data);
    expect(await paymentFingerprint(api.db)).toBe(before);

    await refused(() => pay(payer, individual([second!.trx_id]), key), 409, ErrorCode.idempotencyKeyReused);
  });

  it('scopes keys per user', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const key = 'shared-key-0002';
    expect((await pay(admin, individual([invoice!.trx_id]), key)).statusCode).toBe(201);
    // The payer's own use of the same key is a new request: here refused because the invoice is taken.
    await refused(() => pay(payer, individual([invoice!.trx_id]), key), 422, ErrorCode.invoiceNotPayable);
  });
});

describe('settlement', () => {
  it('settles after the business-day delay: invoices Paid with nothing due, exposure released', async () => {
    const runner = testJobRunner(api);
    // Sessions time out while the clock moves days: each look signs in afresh.
    const signedIn = async (username: string) => {
      const client = api.client();
      await client.loginWithCustomer(username, 'C-1001');
      return client;
    };
    const exposure = async () =>
      (
        (await (await signedIn('payer')).get('/exposures?filter[buid_customer]=C-1001')).json() as {
          data: Array<{ attributes: { unpaid_invoice: number } }>;
        }
      ).data[0]!.attributes.unpaid_invoice;
    const due = async () => {
      const { attributes } = (
        (await (await signedIn('payer')).get('/exposures?filter[buid_customer]=C-1001')).json() as {
          data: Array<{ attributes: { past_due_total: number; current_due_amount: number } }>;
        }
      ).data[0]!;
      return attributes.past_due_total + attributes.current_due_amount;
    };
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const before = await exposure();
    const dueBefore = await due();
    const response = await pay(payer, individual([invoice!.trx_id]));
    const { data } = response.json() as PaymentDocument;
    // Payment Pending still uses credit until the payment settles, but is no longer due.
    expect(await exposure()).toBe(before);
    expect(await due()).toBe(dueBefore - invoice!.balance);

    api.clock.set('2026-11-25T14:59:00Z');
    await runner.tick();
    expect((await api.db.selectFrom('payments').select('status').where('id', '=', Number(data.id)).executeTakeFirstOrThrow()).status).toBe(
      'pending',
    );

    const beforeSettling = await exposure();
    api.clock.set('2026-11-25T15:00:00Z');
    await runner.tick();
    const settled = (await (await signedIn('payer')).get(`/payments/${data.id}`)).json() as PaymentDocument;
    expect(settled.data.attributes).toMatchObject({ status: 'settled', settled_at: '2026-11-25T15:00:00.000Z' });
    const row = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', invoice!.trx_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Paid', current_due_minor: 0, past_due_minor: 0 });
    // Credit is released by what settled now: this payment and the others made at the same time.
    const released = await api.db
      .selectFrom('payment_invoices')
      .innerJoin('payments', 'payments.id', 'payment_invoices.payment_id')
      .innerJoin('invoices', 'invoices.trx_id', 'payment_invoices.trx_id')
      .select((eb) => eb.fn.sum<number>('payment_invoices.amount_minor').as('total'))
      .where('payments.settled_at', '=', api.clock.now())
      .where('invoices.buid_customer', '=', 'C-1001')
      .where('invoices.currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(Number(released.total)).toBeGreaterThanOrEqual(invoice!.balance);
    expect(await exposure()).toBe(beforeSettling - Number(released.total));
    const link = await api.db
      .selectFrom('payment_invoices')
      .select('active')
      .where('payment_id', '=', Number(data.id))
      .executeTakeFirstOrThrow();
    expect(link.active).toBe(false);
    const audits = await api.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'payment')
      .where('entity_id', '=', data.id)
      .orderBy('id')
      .execute();
    expect(audits.map((entry) => entry.action)).toEqual(['payment.create', 'payment.settle']);

    // Every payment pending by then (the seeded one too, which had no job) has settled, each once.
    expect(
      await api.db.selectFrom('payments').select('id').where('status', '=', 'pending').where('settles_at', '<=', api.clock.now()).execute(),
    ).toEqual([]);
    await runner.tick();
    const settles = await api.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'payment.settle').execute();
    expect(new Set(settles.map((entry) => entry.entity_id)).size).toBe(settles.length);
  });
});

describe('GET /payments/:id', () => {
  it("shows only payments of the user's customers in the tenant", async () => {
    const eur = await api.db.selectFrom('payments').select('id').where('currency', '=', 'EUR').executeTakeFirstOrThrow();
    await admin.loginWithCustomer('admin', 'C-1001');
    await payer.loginWithCustomer('payer', 'C-1001');
    expect((await admin.get(`/payments/${eur.id}`)).statusCode).toBe(200);
    expect((await payer.get(`/payments/${eur.id}`)).statusCode).toBe(404);
    expect((await payer.get('/payments/999999')).statusCode).toBe(404);
    const fleet = api.client('fleet.localhost');
    await fleet.login('fleetadmin');
    expect((await fleet.get(`/payments/${eur.id}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('lists the payment routes', async () => {
    const { paths } = (await api.client().get('/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(paths['/payments'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/payments/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/payment-options'] ?? {})).toEqual(['get']);
  });
});
