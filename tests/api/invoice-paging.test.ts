/**
 * Paging GET /invoices page after page: pages after a known boundary seek past it through the
 * index (server/invoices/page.ts). Whatever the path, the pages put together must be the list
 * read in one page, for every sort, both directions, nulls included, and after a write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';
import { pay } from '../support/payments.ts';

const CUSTOMER = 'C-1004';
let api: TestApi;
let admin: ApiClient;

beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: 400 });
  // Some invoices without a due date, so seeking on due_date meets nulls in both directions.
  const some = await api.db
    .selectFrom('invoices')
    .select('trx_id')
    .where('buid_customer', '=', CUSTOMER)
    .orderBy('trx_id')
    .limit(400)
    .execute();
  await api.db
    .updateTable('invoices')
    .set({ due_date: null })
    .where(
      'trx_id',
      'in',
      some.filter((_, index) => index % 9 === 0).map((row) => row.trx_id),
    )
    .execute();
  admin = api.client();
  await admin.loginWithCustomer('admin', CUSTOMER);
});
afterAll(async () => {
  await api?.close();
});

interface Page {
  data: Array<{ id: string }>;
  meta: { page: { total: number; pages: number } };
}

async function page(query: string, number: number, size: number): Promise<Page> {
  const response = await admin.get(`/invoices?filter[buid_customer]=${CUSTOMER}${query}&page[size]=${size}&page[number]=${number}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

async function allInOne(query: string): Promise<string[]> {
  return (await page(query, 1, 10_000)).data.map((row) => row.id);
}

async function walk(query: string, size: number): Promise<string[]> {
  const first = await page(query, 1, size);
  const ids = first.data.map((row) => row.id);
  for (let number = 2; number <= first.meta.page.pages; number++) ids.push(...(await page(query, number, size)).data.map((row) => row.id));
  return ids;
}

const SORTS = ['due_date', 'amount', 'received_date', 'invoice_id', 'status', 'currency', 'past_due', 'merchant_name', 'po_number'];

describe('pages of a list put together are the list', () => {
  for (const field of SORTS) {
    for (const direction of ['asc', 'desc']) {
      it(`sorted by ${field} ${direction}`, async () => {
        const query = `&filter[sort]=${field}|${direction}`;
        const expected = await allInOne(query);
        expect(expected.length).toBeGreaterThanOrEqual(400);
        // Twice: the second walk seeks from the boundaries the first one left.
        expect(await walk(query, 37)).toEqual(expected);
        expect(await walk(query, 37)).toEqual(expected);
        // Another page size starts between the known boundaries: seek, then step over the rest.
        expect(await walk(query, 50)).toEqual(expected);
      });
    }
  }

  it('a far page after a near boundary steps over many keys from the seek point', async () => {
    const query = '&filter[sort]=due_date|asc';
    const expected = await allInOne(query);
    await page(query, 1, 5);
    const far = await page(query, 60, 5);
    expect(far.data.map((row) => row.id)).toEqual(expected.slice(295, 300));
    const descending = await allInOne('&filter[sort]=due_date|desc');
    await page('&filter[sort]=due_date|desc', 1, 5);
    expect((await page('&filter[sort]=due_date|desc', 80, 5)).data.map((row) => row.id)).toEqual(descending.slice(395, 400));
  });

  it('a write that moves invoices between lists drops the boundaries at once', async () => {
    const payer = api.client();
    await payer.loginWithCustomer('payer', 'C-1001');
    const query = '/invoices?filter[status]=Billed,Past Due&filter[sol_currency]=USD&filter[sort]=amount|asc&page[size]=3';
    const pageIds = async (number: number) => {
      const response = await payer.get(`${query}&page[number]=${number}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Page).data.map((row) => row.id);
    };
    const before = [...(await pageIds(1)), ...(await pageIds(2)), ...(await pageIds(3))];
    expect(before).toHaveLength(9);
    // Paying the two cheapest moves them to Payment Pending: they leave this list.
    const account = await api.db.selectFrom('bank_accounts').select('id').where('buid_customer', '=', 'C-1001').executeTakeFirstOrThrow();
    const paid = await pay(payer, {
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'bank',
      invoices: before.slice(0, 2),
      bank_account_id: String(account.id),
      terms_accepted: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await pageIds(2)).toEqual(before.slice(5, 8));
  });
});
