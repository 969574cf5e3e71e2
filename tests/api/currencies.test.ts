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

interface Document<A> {
  data: Array<{ type: string; id: string; attributes: A }>;
}
type Currency = { label: string; default: boolean };
type Country = { country_code: string; country_name: string };

async function signedIn(username: string, customer?: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

function currencies(body: string) {
  return (JSON.parse(body) as Document<Currency>).data.map((row) => ({ id: row.id, ...row.attributes }));
}

describe('GET /ecaas/customer-currencies', () => {
  it("lists the selected customer's currencies, USD the default when present", async () => {
    const response = await (await signedIn('payer', 'C-1001')).get('/ecaas/customer-currencies');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect((response.json() as Document<Currency>).data[0]!.type).toBe('currencies');
    expect(currencies(response.body)).toEqual([
      { id: 'CAD', label: 'Canadian Dollar', default: false },
      { id: 'USD', label: 'US Dollar', default: true },
    ]);
  });

  it('makes the first currency the default without USD', async () => {
    const response = await (await signedIn('admin', 'C-1002')).get('/ecaas/customer-currencies');
    expect(currencies(response.body)).toEqual([{ id: 'CAD', label: 'Canadian Dollar', default: true }]);
  });

  it("takes filter[buid_customer] within the user's scope", async () => {
    const client = await signedIn('admin', 'C-1001');
    expect(currencies((await client.get('/ecaas/customer-currencies?filter[buid_customer]=C-1003')).body)).toEqual([
      { id: 'EUR', label: 'Euro', default: true },
    ]);
    const other = await client.get('/ecaas/customer-currencies?filter[buid_customer]=C-1005');
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe(ErrorCode.notFound);
  });

  it('needs a customer: selected or named', async () => {
    const response = await (await signedIn('admin')).get('/ecaas/customer-currencies');
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.fieldRequired);
  });

  it('refuses unknown filters', async () => {
    const response = await (await signedIn('payer', 'C-1001')).get('/ecaas/customer-currencies?filter[buid_merchant]=M-2001');
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
  });

  it('is not found where the tenant configures no currency_version (fleet)', async () => {
    const fleet = await signedIn('fleetadmin', 'F-3001', 'fleet.localhost');
    for (const path of ['/ecaas/customer-currencies', '/ecaas/merchant-currencies']) {
      const response = await fleet.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(errorCode(response)).toBe(ErrorCode.notFound);
    }
  });

  it('needs a session', async () => {
    expect((await api.client().get('/ecaas/customer-currencies')).statusCode).toBe(401);
  });
});

describe('GET /ecaas/merchant-currencies', () => {
  it("lists a merchant's currencies with the default marked", async () => {
    const dealer = await signedIn('dealer');
    expect(currencies((await dealer.get('/ecaas/merchant-currencies?filter[buid_merchant]=M-2001')).body)).toEqual([
      { id: 'EUR', label: 'Euro', default: false },
      { id: 'USD', label: 'US Dollar', default: true },
    ]);
    expect((await dealer.post('/session_data', { sessionKeys: [{ key: 'merchant_id', value: 'M-2002' }] })).statusCode).toBe(200);
    expect(currencies((await dealer.get('/ecaas/merchant-currencies')).body)).toEqual([
      { id: 'CAD', label: 'Canadian Dollar', default: true },
    ]);
  });

  it("is not found for a merchant outside the user's scope", async () => {
    const response = await (await signedIn('dealer')).get('/ecaas/merchant-currencies?filter[buid_merchant]=F-M-1');
    expect(response.statusCode).toBe(404);
    const customer = await (await signedIn('payer', 'C-1001')).get('/ecaas/merchant-currencies?filter[buid_merchant]=M-2001');
    expect(customer.statusCode).toBe(404);
  });
});

describe('GET /ecaas/customer-banking-countries/:customer', () => {
  const countries = (body: string) => (JSON.parse(body) as Document<Country>).data.map((row) => row.attributes);

  it("lists the customer's bank countries for an admin on a G tenant with module version 2", async () => {
    const response = await (await signedIn('admin', 'C-1001')).get('/ecaas/customer-banking-countries/C-1001');
    expect(response.statusCode).toBe(200);
    const expected = await api.db
      .selectFrom('customer_banking_countries')
      .select(['country_code', 'country_name'])
      .where('buid_customer', '=', 'C-1001')
      .orderBy('country_name')
      .execute();
    expect(countries(response.body)).toEqual(expected);
    expect(countries(response.body)).toEqual([
      { country_code: 'CA', country_name: 'Canada' },
      { country_code: 'US', country_name: 'United States' },
    ]);
  });

  it('answers a payer too (spec §6, second reading)', async () => {
    const response = await (await signedIn('payer', 'C-1001')).get('/ecaas/customer-banking-countries/C-1001');
    expect(response.statusCode).toBe(200);
    expect(countries(response.body).map((row) => row.country_code)).toEqual(['CA', 'US']);
  });

  it.each(['viewer', 'cardviewer', 'safety'])('refuses %s (403)', async (username) => {
    const response = await (await signedIn(username, 'C-1001')).get('/ecaas/customer-banking-countries/C-1001');
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(ErrorCode.forbidden);
  });

  it("is not found for a customer outside the user's scope", async () => {
    const client = await signedIn('admin', 'C-1001');
    for (const customer of ['C-1005', 'F-3001', 'NOPE']) {
      const response = await client.get(`/ecaas/customer-banking-countries/${customer}`);
      expect(response.statusCode, customer).toBe(404);
      expect(errorCode(response)).toBe(ErrorCode.notFound);
    }
  });

  it('is not offered on the fleet tenant (system type U, module version 1)', async () => {
    const response = await (await signedIn('fleetadmin', 'F-3001', 'fleet.localhost')).get('/ecaas/customer-banking-countries/F-3001');
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe(ErrorCode.notFound);
  });

  it('refuses query parameters it does not know', async () => {
    const response = await (await signedIn('admin', 'C-1001')).get('/ecaas/customer-banking-countries/C-1001?filter[x]=1');
    expect(response.statusCode).toBe(400);
  });
});
