import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

type Currency = { code: string; label: string; account_count: number; accounts: string; default: boolean; chosen: boolean };
interface Currencies {
  data: Array<{ id: string; attributes: Currency }>;
  meta: { default_currency: string | null; effective_default: string | null };
}

async function signedIn(username: string, customer?: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function currencies(client: ApiClient): Promise<Currencies> {
  const response = await client.get('/ecaas/user-currencies');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Currencies;
}

const setDefault = (client: ApiClient, currency: unknown) =>
  client.request('PATCH', '/ecaas/user-currencies/default', { default_currency: currency });

/** The user's customers' currencies as GET /ecaas/customer-currencies gives them, one customer at a time: the reference. */
async function currenciesOfEachCustomer(client: ApiClient): Promise<Map<string, number>> {
  const self = (await client.get('/self')).json() as { data: { attributes: { customers: Array<{ id: string }> } } };
  const counts = new Map<string, number>();
  for (const customer of self.data.attributes.customers) {
    const response = await client.get(`/ecaas/customer-currencies?filter[buid_customer]=${customer.id}`);
    for (const row of (response.json() as { data: Array<{ id: string }> }).data) counts.set(row.id, (counts.get(row.id) ?? 0) + 1);
  }
  return counts;
}

describe('GET /ecaas/user-currencies', () => {
  it('lists the currencies of every account the user may see, with how many accounts use each', async () => {
    for (const username of ['admin', 'corporate', 'payer', 'cardviewer', 'safety']) {
      const client = await signedIn(username);
      const body = await currencies(client);
      const reference = await currenciesOfEachCustomer(client);
      expect(
        body.data.map((row) => row.attributes.code),
        username,
      ).toEqual([...reference.keys()].sort());
      for (const row of body.data) expect(row.attributes.account_count, `${username} ${row.id}`).toBe(reference.get(row.id));
    }
  });

  it("lists a merchant user's merchants' currencies", async () => {
    const body = await currencies(await signedIn('dealer'));
    expect(body.data.map((row) => row.id)).toEqual(['CAD', 'EUR', 'USD']);
    expect(body.data.find((row) => row.id === 'USD')!.attributes.accounts).toBe('Acme Fuel & Service');
  });

  it("marks spec §9's default (USD) until the user chooses one", async () => {
    const body = await currencies(await signedIn('viewer'));
    expect(body.meta).toEqual({ default_currency: null, effective_default: 'USD' });
    expect(body.data.filter((row) => row.attributes.default).map((row) => row.id)).toEqual(['USD']);
    expect(body.data.some((row) => row.attributes.chosen)).toBe(false);
  });

  it('answers 404 where the tenant does not configure currency_version (spec §7)', async () => {
    const response = await (await signedIn('fleetadmin', undefined, 'fleet.localhost')).get('/ecaas/user-currencies');
    expect(response.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await api.client().get('/ecaas/user-currencies')).statusCode).toBe(401);
  });
});

describe('PATCH /ecaas/user-currencies/default', () => {
  it('keeps the default with the user: a new session starts each account that offers it in it', async () => {
    const first = await signedIn('enrollment');
    const saved = await setDefault(first, 'CAD');
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: { attributes: unknown } }).data.attributes).toEqual({ default_currency: 'CAD' });
    // Another session, as after signing in again in another browser.
    const second = await signedIn('enrollment', 'C-1001');
    const self = (await second.get('/self')).json() as { data: { attributes: { defaultCurrency: string | null } } };
    expect(self.data.attributes.defaultCurrency).toBe('CAD');
    const body = await currencies(second);
    expect(body.meta).toEqual({ default_currency: 'CAD', effective_default: 'CAD' });
    expect(body.data.filter((row) => row.attributes.default).map((row) => row.id)).toEqual(['CAD']);
    expect(body.data.filter((row) => row.attributes.chosen).map((row) => row.id)).toEqual(['CAD']);
    const audit = await api.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'default_currency_set').execute();
    expect(audit.length).toBeGreaterThan(0);
    // null goes back to spec §9's default.
    expect((await setDefault(second, null)).statusCode).toBe(200);
    expect((await currencies(second)).meta).toEqual({ default_currency: null, effective_default: 'USD' });
  });

  it("refuses a currency none of the user's accounts uses, and changes nothing", async () => {
    const client = await signedIn('payer');
    expect((await setDefault(client, 'CAD')).statusCode).toBe(200);
    const response = await setDefault(client, 'EUR');
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.currencyNotOffered);
    expect((response.json() as { errors: Array<{ source: { pointer: string } }> }).errors[0]!.source.pointer).toBe('/default_currency');
    expect((await currencies(client)).meta.default_currency).toBe('CAD');
    expect((await setDefault(client, null)).statusCode).toBe(200);
  });

  it('refuses malformed bodies with a translated 400', async () => {
    const client = await signedIn('viewer');
    for (const body of [{ default_currency: 'usd' }, { default_currency: 12 }, {}, { default_currency: 'USD', other: 1 }]) {
      const response = await client.request('PATCH', '/ecaas/user-currencies/default', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(response), JSON.stringify(body)).toMatch(/^errors\./);
    }
    expect((await currencies(client)).meta.default_currency).toBeNull();
  });

  it('needs the CSRF token and a session', async () => {
    const client = await signedIn('viewer');
    const noToken = await client.request(
      'PATCH',
      '/ecaas/user-currencies/default',
      { default_currency: 'USD' },
      { 'x-csrf-token': 'wrong' },
    );
    expect(noToken.statusCode).toBe(403);
    expect((await api.client().request('PATCH', '/ecaas/user-currencies/default', { default_currency: 'USD' })).statusCode).toBe(401);
    expect((await currencies(client)).meta.default_currency).toBeNull();
  });
});

describe('filter[sol_currency] on the lists that carry money (spec §7, issue 26)', () => {
  it('narrows the rejections and the merchant figures to the chosen currency', async () => {
    const dealer = await signedIn('dealer');
    const all = (await dealer.get('/rejections?filter[buid_merchant]=M-2001,M-2002')).json() as {
      data: Array<{ attributes: { currency: string } }>;
    };
    const currencies = new Set(all.data.map((row) => row.attributes.currency));
    expect(currencies.size).toBeGreaterThan(1);
    for (const currency of currencies) {
      const only = (
        await dealer.get(`/rejections?filter[buid_merchant]=M-2001,M-2002&filter[sol_currency]=${currency}`)
      ).json() as typeof all;
      expect(only.data.length, currency).toBe(all.data.filter((row) => row.attributes.currency === currency).length);
    }
    const figures = (await dealer.get('/merchant-figures')).json() as typeof all;
    const usd = (await dealer.get('/merchant-figures?filter[sol_currency]=USD')).json() as typeof all;
    expect(usd.data.length).toBe(figures.data.filter((row) => row.attributes.currency === 'USD').length);
    expect(usd.data.length).toBeGreaterThan(0);
    for (const path of ['/rejections?filter[sol_currency]=US', '/merchant-figures?filter[sol_currency]=12$']) {
      const response = await dealer.get(path);
      expect(response.statusCode, path).toBe(400);
    }
  });
});
