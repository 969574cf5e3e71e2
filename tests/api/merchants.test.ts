import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addDays } from '../../domain/exposure.ts';
import { errorCode, startTestApi, TEST_TODAY, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * The dealer portal's reads (issue 15): /merchants search, /merchant-addresses, the figures per
 * merchant of the merchant home and roll-up, and merchant scope: a dealer never sees another
 * merchant's rows.
 */
interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}
const rows = (response: LightMyRequestResponse) => (response.json() as { data: Resource[] }).data.map((row) => row.attributes);

let api: TestApi;
let dealer: ApiClient;
let payer: ApiClient;
/** An invoice of each demo merchant and of the fleet tenant's merchant. */
const trxOf = new Map<string, string>();

beforeAll(async () => {
  api = await startTestApi();
  for (const merchant of ['M-2001', 'M-2002', 'F-M-1']) {
    const row = await api.db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_merchant', '=', merchant)
      .orderBy('trx_id')
      .executeTakeFirst();
    if (row) trxOf.set(merchant, row.trx_id);
  }
  // A rejection at a merchant that is not the dealer's.
  await api.db
    .insertInto('rejections')
    .values({
      trx_id: 'R-OTHER-1',
      buid_customer: 'C-1001',
      buid_merchant: 'F-M-1',
      status: 'active',
      card_holder: 'Ann Lee',
      card_identifier: '7083********1111',
      reject_reason: 'Invalid PIN',
      transaction_date: '2026-11-10',
      amount_minor: 700,
      currency: 'USD',
      product: 'Diesel',
    })
    .execute();
  dealer = api.client();
  payer = api.client();
  expect((await dealer.login('dealer')).statusCode).toBe(200);
  expect((await payer.login('payer')).statusCode).toBe(200);
});
afterAll(async () => {
  await api?.close();
});

describe('GET /merchants', () => {
  it("lists a dealer's own merchants only, and searches them by name", async () => {
    expect(rows(await dealer.get('/merchants')).map((row) => row.buidMerchant)).toEqual(['M-2001', 'M-2002']);
    expect(rows(await dealer.get('/merchants?filter[search]=northern')).map((row) => row.merchantName)).toEqual(['Northern Tire Centre']);
    expect(rows(await dealer.get('/merchants?filter[search]=ACME')).map((row) => row.buidMerchant)).toEqual(['M-2001']);
    expect(rows(await dealer.get('/merchants?filter[search]=Fleet'))).toEqual([]);
    expect(rows(await dealer.get('/merchants?filter[buid_merchant]=F-M-1'))).toEqual([]);
  });

  it('lists a customer the merchants that sold to them', async () => {
    const expected = await api.db
      .selectFrom('invoices')
      .select('buid_merchant')
      .distinct()
      .where('buid_customer', '=', 'C-1001')
      .orderBy('buid_merchant')
      .execute();
    expect(rows(await payer.get('/merchants?filter[sort]=buid_merchant|asc')).map((row) => row.buidMerchant)).toEqual(
      expected.map((row) => row.buid_merchant),
    );
  });
});

describe('GET /merchant-addresses', () => {
  it("gives the sold-by address of the dealer's invoices and nothing of another merchant's", async () => {
    const own = rows(await dealer.get(`/merchant-addresses?filter[trx_id]=${trxOf.get('M-2002')}`));
    expect(own).toEqual([
      expect.objectContaining({ trx_id: trxOf.get('M-2002'), contact: 'Marc Gagnon', city_state_zip: 'Winnipeg, MB R3B 2B3' }),
    ]);
    if (trxOf.has('F-M-1')) expect(rows(await dealer.get(`/merchant-addresses?filter[trx_id]=${trxOf.get('F-M-1')}`))).toEqual([]);
    const missing = await dealer.get('/merchant-addresses');
    expect([missing.statusCode, errorCode(missing)]).toEqual([400, 'errors.validation.required']);
  });
});

describe('GET /merchant-figures (merchant home and roll-up)', () => {
  it("adds up each merchant's invoices, open disputes and active rejections per currency, as the database holds them", async () => {
    const since = addDays(TEST_TODAY, -30);
    const invoices = await api.db
      .selectFrom('invoices')
      .select(['buid_merchant', 'currency', 'status', 'amount_minor', 'received_date'])
      .where('buid_merchant', 'in', ['M-2001', 'M-2002'])
      .execute();
    const disputes = await api.db.selectFrom('disputes').select(['buid_merchant', 'currency', 'status']).execute();
    const rejections = await api.db.selectFrom('rejections').select(['buid_merchant', 'currency', 'status']).execute();
    const currencies = await api.db
      .selectFrom('merchant_currencies')
      .selectAll()
      .where('buid_merchant', 'in', ['M-2001', 'M-2002'])
      .execute();
    const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
    const expected = currencies.map(({ buid_merchant: merchant, currency }) => {
      const mine = invoices.filter((row) => row.buid_merchant === merchant && row.currency === currency);
      const open = mine.filter((row) => row.status === 'Billed' || row.status === 'Past Due');
      const pastDue = mine.filter((row) => row.status === 'Past Due');
      const recent = mine.filter((row) => day(row.received_date) >= since);
      const sum = (list: typeof mine) => list.reduce((total, row) => total + Number(row.amount_minor), 0);
      return {
        buid_merchant: merchant,
        currency,
        open_invoice_count: open.length,
        open_invoice_total_minor: sum(open),
        past_due_count: pastDue.length,
        past_due_total_minor: sum(pastDue),
        recent_invoice_count: recent.length,
        recent_invoice_total_minor: sum(recent),
        open_disputes: disputes.filter((row) => row.buid_merchant === merchant && row.currency === currency && row.status !== 'closed')
          .length,
        active_rejections: rejections.filter(
          (row) => row.buid_merchant === merchant && row.currency === currency && row.status === 'active',
        ).length,
      };
    });
    const figures = rows(await dealer.get('/merchant-figures'));
    expect(figures.map((row) => `${row.merchant_name}:${row.currency}`)).toEqual([
      'Acme Fuel & Service:EUR',
      'Acme Fuel & Service:USD',
      'Northern Tire Centre:CAD',
    ]);
    for (const row of expected) {
      expect(
        figures.find((figure) => figure.buid_merchant === row.buid_merchant && figure.currency === row.currency),
        `${row.buid_merchant} ${row.currency}`,
      ).toMatchObject(row);
    }
    // The demo has something to show in each column for the dealer's main merchant.
    const acme = figures.find((row) => row.buid_merchant === 'M-2001' && row.currency === 'USD')!;
    expect(Number(acme.open_invoice_count)).toBeGreaterThan(0);
    expect(Number(acme.active_rejections)).toBeGreaterThan(0);
  });

  it('narrows to one merchant of the dealer, refuses others and other user types', async () => {
    expect(rows(await dealer.get('/merchant-figures?filter[buid_merchant]=M-2002')).map((row) => row.buid_merchant)).toEqual(['M-2002']);
    expect(rows(await dealer.get('/merchant-figures?filter[sort]=merchant_name|desc')).map((row) => row.buid_merchant)).toEqual([
      'M-2002',
      'M-2001',
      'M-2001',
    ]);
    const other = await dealer.get('/merchant-figures?filter[buid_merchant]=F-M-1');
    expect([other.statusCode, errorCode(other)]).toEqual([404, 'errors.request.notFound']);
    expect((await payer.get('/merchant-figures')).statusCode).toBe(403);
    expect((await api.client().get('/merchant-figures')).statusCode).toBe(401);
    expect((await dealer.get('/merchant-figures?filter[status]=open')).statusCode).toBe(400);
  });
});

describe('merchant scope of the rejection centre', () => {
  it("a dealer never sees, cancels or resubmits another merchant's rejection", async () => {
    const listed = rows(await dealer.get('/rejections?page[size]=100'));
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((row) => row.buid_merchant))).toEqual(new Set(['M-2001', 'M-2002']));
    expect(rows(await dealer.get('/rejections?filter[search]=R-OTHER-1'))).toEqual([]);
    const other = await api.db.selectFrom('rejections').select('rejection_id').where('trx_id', '=', 'R-OTHER-1').executeTakeFirstOrThrow();
    for (const action of ['cancel', 'resubmit']) {
      const response = await dealer.post(`/rejections/${action}`, { rejection_ids: [other.rejection_id] });
      expect([response.statusCode, errorCode(response)], action).toEqual([404, 'errors.request.notFound']);
    }
    expect(
      (await api.db.selectFrom('rejections').select('status').where('trx_id', '=', 'R-OTHER-1').executeTakeFirstOrThrow()).status,
    ).toBe('active');
  });

  it('searches by customer and by merchant, and opens one rejection by id', async () => {
    expect(new Set(rows(await dealer.get('/rejections?filter[merchant_search]=northern')).map((row) => row.buid_merchant))).toEqual(
      new Set(['M-2002']),
    );
    expect(new Set(rows(await dealer.get('/rejections?filter[customer_search]=C-1001')).map((row) => row.buid_customer))).toEqual(
      new Set(['C-1001']),
    );
    expect(rows(await dealer.get('/rejections?filter[customer_search]=nobody-like-this'))).toEqual([]);
    const first = rows(await dealer.get('/rejections?page[size]=1'))[0]!;
    expect(rows(await dealer.get(`/rejections?filter[rejection_id]=${first.rejection_id}`))).toEqual([first]);
    expect((await dealer.get('/rejections?filter[rejection_id]=abc')).statusCode).toBe(400);
  });
});
