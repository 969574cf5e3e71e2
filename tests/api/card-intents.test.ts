import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { PaymentBody } from '../../domain/payments.ts';
import { buildApp } from '../../server/app.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import {
  authorizeWithIntent,
  claimCardIntent,
  openCardIntent,
  reconcileCardIntents,
  settleCardIntent,
} from '../../server/payments/card-intents.ts';
import { authorizeWithin, cardProviderNamed } from '../../server/payments/providers/registry.ts';
import type { CardProvider } from '../../server/payments/providers/types.ts';
import { createPayment } from '../../server/payments/service.ts';
import { ApiClient, errorCode, type TestApi } from '../support/api.ts';
import { cardToken, pay, payableInvoices, startPayerApi, TEST_CARDS, type PaymentDocument } from '../support/payments.ts';

/**
 * Issue 12 item 7: a card authorised for a payment that is not written is voided, whether the
 * payment's transaction fails or the process dies; the sandbox provider's tokens and holds live in
 * the database, so a new app instance on the same database (a restart) can still void them.
 */
let api: TestApi;
let payer: ApiClient;
let payerId: number;
beforeAll(async () => {
  ({ api, payer, payerId } = await startPayerApi());
});
afterAll(async () => {
  await api?.close();
});

const demo = () => api.tenants.byId('demo')!;
const sandbox = () => cardProviderNamed('sandbox', api.db);
const owner = () => ({ tenantId: 'demo', userId: payerId });

/** A new app instance on the same database, started as server/main.ts starts it. */
async function restart() {
  const app = await buildApp({
    db: api.db,
    clock: api.clock,
    mailer: api.mailer,
    tenants: api.tenants,
    policy: loadPolicy(),
    logLevel: 'silent',
    reconcileCardIntentsOnStart: true,
  });
  await app.ready();
  return app;
}

const intent = (id: number) => api.db.selectFrom('card_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const hold = (authorizationId: string) =>
  api.db
    .selectFrom('sandbox_authorizations')
    .select(['status', 'amount_minor'])
    .where('authorization_id', '=', authorizationId)
    .executeTakeFirstOrThrow();
const openIntents = async () =>
  (await api.db.selectFrom('card_intents').select('id').where('status', 'in', ['open', 'voiding']).execute()).length;

async function authorize(amountMinor = 12_345) {
  const request = { token: await cardToken(payer), amountMinor, currency: 'USD', idempotencyKey: `test:${randomUUID()}` };
  return { request, ...(await authorizeWithIntent(api.db, sandbox(), owner(), request, 5_000)) };
}

describe('a card payment whose transaction fails', () => {
  it('voids the authorisation and marks the intent voided', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const body: PaymentBody = {
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'card',
      invoices: [invoice!.trx_id],
      card_token: await cardToken(payer),
      terms_accepted: true,
    };
    const paymentsBefore = await api.db.selectFrom('payments').select('id').execute();
    await expect(
      createPayment(
        {
          db: api.db,
          clock: api.clock,
          // Fails inside the payment's transaction, after the card was authorised.
          onCreated: async () => {
            throw new Error('transaction failed');
          },
        },
        {
          tenant: demo(),
          userId: payerId,
          scope: ['C-1001'],
          selectedCustomer: 'C-1001',
          idempotencyKey: randomUUID(),
          body,
          source: 'portal',
        },
      ),
    ).rejects.toThrow('transaction failed');

    const [last] = await api.db.selectFrom('card_intents').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(last).toMatchObject({ status: 'voided', payment_id: null, amount_minor: invoice!.balance + 295 });
    expect(last!.authorization_id).toMatch(/^auth_sandbox_/);
    expect(last!.settled_at).toBeInstanceOf(Date);
    expect(await hold(last!.authorization_id!)).toMatchObject({ status: 'voided' });
    expect(await api.db.selectFrom('payments').select('id').execute()).toHaveLength(paymentsBefore.length);
  });

  it("settles a declined card's intent with nothing held", async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const token = await cardToken(payer, TEST_CARDS.decline);
    const response = await pay(payer, {
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'card',
      invoices: [invoice!.trx_id],
      card_token: token,
      terms_accepted: true,
    });
    expect(errorCode(response)).toBe(ErrorCode.cardProviderFailed);
    const [last] = await api.db.selectFrom('card_intents').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(last).toMatchObject({ status: 'voided', authorization_id: null });
  });

  it('completes every intent of parallel submits with one key, and voids none of their shared hold', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const body = {
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'card',
      invoices: [invoice!.trx_id],
      card_token: await cardToken(payer),
      terms_accepted: true,
    };
    const before =
      (
        await api.db
          .selectFrom('card_intents')
          .select(({ fn }) => fn.max('id').as('last'))
          .executeTakeFirstOrThrow()
      ).last ?? 0;
    const responses = await Promise.all(Array.from({ length: 6 }, () => pay(payer, body, 'intents-same-key')));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    const paymentId = Number((created[0]!.json() as PaymentDocument).data.id);
    const intents = await api.db
      .selectFrom('card_intents')
      .select(['status', 'payment_id', 'authorization_id'])
      .where('id', '>', Number(before))
      .execute();
    // Requests refused before the provider (the invoice already taken) write no intent.
    expect(intents.length).toBeGreaterThan(0);
    for (const row of intents) expect(row).toMatchObject({ status: 'completed', payment_id: paymentId });
    expect(await hold(intents[0]!.authorization_id!)).toMatchObject({ status: 'authorized' });
  });
});

describe('reconciliation when the server starts', () => {
  it('voids a hold whose payment was never written (the process died after the authorisation)', async () => {
    const { intentId, authorization } = await authorize();
    // …the process dies here: no payment row. A new instance starts on the same database.
    const app = await restart();
    try {
      expect(await intent(intentId)).toMatchObject({ status: 'voided', authorization_id: authorization.authorizationId, payment_id: null });
      expect(await hold(authorization.authorizationId)).toMatchObject({ status: 'voided' });
      expect(await openIntents()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('finds and voids a hold whose answer was never recorded (the process died while the provider answered)', async () => {
    const request = { token: await cardToken(payer), amountMinor: 777, currency: 'USD', idempotencyKey: `test:${randomUUID()}` };
    const intentId = await openCardIntent(api.db, owner(), 'sandbox', request);
    const authorization = await authorizeWithin(sandbox(), request, 5_000);
    expect((await intent(intentId)).authorization_id).toBeNull();
    const app = await restart();
    try {
      expect(await intent(intentId)).toMatchObject({ status: 'voided', authorization_id: authorization.authorizationId });
      expect(await hold(authorization.authorizationId)).toMatchObject({ status: 'voided', amount_minor: 777 });
    } finally {
      await app.close();
    }
  });

  it('completes, without a void, an intent whose payment committed before the process died', async () => {
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const response = await pay(payer, {
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'card',
      invoices: [invoice!.trx_id],
      card_token: await cardToken(payer),
      terms_accepted: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const paymentId = Number((response.json() as PaymentDocument).data.id);
    const payment = await api.db.selectFrom('payments').select('authorization_id').where('id', '=', paymentId).executeTakeFirstOrThrow();
    const row = await api.db.selectFrom('card_intents').select('id').where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
    // The state of a death between the payment's commit and the intent's completion.
    await api.db.updateTable('card_intents').set({ status: 'open', payment_id: null, settled_at: null }).where('id', '=', row.id).execute();

    const app = await restart();
    try {
      expect(await intent(row.id)).toMatchObject({ status: 'completed', payment_id: paymentId });
      expect(await hold(payment.authorization_id!)).toMatchObject({ status: 'authorized' });
    } finally {
      await app.close();
    }
  });

  it('leaves an intent voiding when the provider cannot void, and finishes it on the next try', async () => {
    const { intentId, authorization } = await authorize();
    const unreachable: CardProvider = {
      ...sandbox(),
      void: async () => {
        throw new Error('provider unreachable');
      },
    };
    await expect(settleCardIntent(api.db, unreachable, intentId)).rejects.toThrow('provider unreachable');
    expect(await intent(intentId)).toMatchObject({ status: 'voiding' });
    expect(await hold(authorization.authorizationId)).toMatchObject({ status: 'authorized' });
    expect(await reconcileCardIntents(api.db)).toEqual({ completed: 0, voided: 1, failed: 0 });
    expect(await hold(authorization.authorizationId)).toMatchObject({ status: 'voided' });
  });

  it('refuses a payment on an intent another instance reconciled while it was in flight', async () => {
    const { intentId, authorization } = await authorize();
    await reconcileCardIntents(api.db);
    expect(await api.db.transaction().execute((trx) => claimCardIntent(trx, intentId, authorization.authorizationId))).toBe(false);
  });

  it('refuses a payment on a hold a sibling request with the same key voided since it began', async () => {
    const first = await authorize();
    // A second request with the same key gets the same hold back (the provider's idempotency)…
    const second = await authorizeWithIntent(api.db, sandbox(), owner(), first.request, 5_000);
    expect(second.authorization.authorizationId).toBe(first.authorization.authorizationId);
    // …and the first request fails and voids it: the second must not pay on it.
    expect(await settleCardIntent(api.db, sandbox(), first.intentId)).toBe('voided');
    expect(await api.db.transaction().execute((trx) => claimCardIntent(trx, second.intentId, first.authorization.authorizationId))).toBe(
      false,
    );
    // A later retry authorises afresh and may pay.
    const third = await authorizeWithIntent(api.db, sandbox(), owner(), first.request, 5_000);
    expect(await hold(third.authorization.authorizationId)).toMatchObject({ status: 'authorized' });
    expect(await api.db.transaction().execute((trx) => claimCardIntent(trx, third.intentId, third.authorization.authorizationId))).toBe(
      true,
    );
    await reconcileCardIntents(api.db);
  });
});

describe('the sandbox provider across a restart', () => {
  it('keeps its tokens and authorisations in the database', async () => {
    const token = await cardToken(payer);
    const request = { token, amountMinor: 4_200, currency: 'USD', idempotencyKey: `test:${randomUUID()}` };
    const before = await authorizeWithin(sandbox(), request, 5_000);
    // No card number and no token in clear in the sandbox's tables.
    const stored = JSON.stringify([
      ...(await api.db.selectFrom('sandbox_card_tokens').selectAll().execute()),
      ...(await api.db.selectFrom('sandbox_authorizations').selectAll().execute()),
    ]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('4242424242424242');
    // Nor anything a card-number scan would take for one (digests are base64url, not hex).
    expect(stored).not.toMatch(/\d{13}/);

    const app = await restart();
    try {
      const restarted = cardProviderNamed('sandbox', api.db);
      // The same key answers with the same authorisation: the hold was not forgotten…
      expect(await restarted.findAuthorization(request.idempotencyKey)).toEqual(before);
      expect(await authorizeWithin(restarted, request, 5_000)).toEqual(before);
      // …and the token made before the restart still pays.
      const client = new ApiClient(app, 'localhost');
      await client.loginWithCustomer('payer', 'C-1001');
      const [invoice] = await payableInvoices(api.db, 'C-1001');
      const response = await pay(client, {
        mode: 'INDIVIDUAL_ACCOUNT',
        method: 'card',
        invoices: [invoice!.trx_id],
        card_token: token,
        terms_accepted: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      await restarted.void(before.authorizationId);
      expect(await restarted.findAuthorization(request.idempotencyKey)).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
