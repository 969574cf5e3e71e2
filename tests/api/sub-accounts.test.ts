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

const FIGURES = [
  'past_due_total',
  'past_due_count',
  'current_due_amount',
  'current_due_count',
  'unbilled_invoice',
  'unpaid_invoice',
  'late_fee',
] as const;
type Figures = Record<(typeof FIGURES)[number], number> & { credit_limit: number | null; credit_available: number | null };
type Row = Figures & { buid_customer: string; customer_name: string; currency: string; parent_customer: string; status: string };
type Total = Figures & { currency: string; customer_ids: string };
interface SubAccounts {
  data: Array<{ id: string; type: string; attributes: Row }>;
  meta: { parent: { buid_customer: string; customer_name: string }; totals: Total[] };
}
interface Exposures {
  data: Array<{ attributes: Figures & { buid_customer: string; currency: string } }>;
}

async function signedIn(username: string, customer?: string): Promise<ApiClient> {
  const client = api.client();
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function subAccounts(client: ApiClient, query = ''): Promise<SubAccounts> {
  const response = await client.get(`/customer-sub-accounts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SubAccounts;
}

/** The figures GET /exposures gives the same customers (every currency): the reference each row and the roll-up must agree with. */
async function exposures(client: ApiClient, customers: string[], currency?: string) {
  const response = await client.get(
    `/exposures?filter[buid_customer]=${customers.join(',')}${currency ? `&filter[sol_currency]=${currency}` : '&filter[every_currency]=true'}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Exposures).data.map((row) => row.attributes);
}

describe('GET /customer-sub-accounts', () => {
  it("lists the selected customer's sub-accounts with their own standing, as GET /exposures has it", async () => {
    const admin = await signedIn('admin', 'C-1001');
    const body = await subAccounts(admin);
    expect(body.meta.parent).toEqual({ buid_customer: 'C-1001', customer_name: 'Northwind Logistics' });
    const ids = [...new Set(body.data.map((row) => row.attributes.buid_customer))];
    expect(ids.sort()).toEqual(['C-1011', 'C-1012', 'C-1013']);
    // Sorted by name by default.
    const names = body.data.map((row) => row.attributes.customer_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const reference = await exposures(admin, ids);
    for (const { attributes } of body.data) {
      expect(attributes.parent_customer).toBe('C-1001');
      const same = reference.find((row) => row.buid_customer === attributes.buid_customer && row.currency === attributes.currency);
      expect(same, `${attributes.buid_customer} ${attributes.currency}`).toBeDefined();
      for (const field of [...FIGURES, 'credit_limit', 'credit_available'] as const) expect(attributes[field], field).toBe(same![field]);
    }
    // Each has a standing of its own: not all zero.
    expect(
      body.data.every((row) => row.attributes.current_due_amount + row.attributes.past_due_total + row.attributes.unbilled_invoice > 0),
    ).toBe(true);
  });

  it('rolls the parent and its sub-accounts up per currency, never adding currencies together', async () => {
    const admin = await signedIn('admin', 'C-1001');
    const body = await subAccounts(admin);
    const reference = await exposures(admin, ['C-1001', 'C-1011', 'C-1012', 'C-1013']);
    const currencies = [...new Set(reference.map((row) => row.currency))].sort();
    expect(body.meta.totals.map((total) => total.currency)).toEqual(currencies);
    expect(currencies).toEqual(['CAD', 'USD']);
    for (const total of body.meta.totals) {
      const rows = reference.filter((row) => row.currency === total.currency);
      for (const field of FIGURES) expect(total[field], `${total.currency} ${field}`).toBe(rows.reduce((sum, row) => sum + row[field], 0));
      expect(total.customer_ids.split(',')).toContain(total.currency === 'USD' ? 'C-1001' : 'C-1013');
    }
  });

  it('shows one currency with filter[sol_currency] (the multi-currency flag)', async () => {
    const admin = await signedIn('admin', 'C-1001');
    const body = await subAccounts(admin, '?filter[sol_currency]=CAD');
    const currencyOf = (id: string) => body.data.filter((row) => row.attributes.buid_customer === id).map((row) => row.attributes.currency);
    expect(currencyOf('C-1013')).toEqual(['CAD']);
    expect(body.data).toHaveLength(3);
    expect(body.meta.totals.map((total) => total.currency)).toEqual(['CAD']);
    const reference = await exposures(admin, ['C-1001', 'C-1011', 'C-1012', 'C-1013'], 'CAD');
    expect(body.meta.totals[0]!.past_due_total).toBe(reference.reduce((sum, row) => sum + row.past_due_total, 0));
    expect(body.meta.totals[0]!.current_due_amount).toBe(reference.reduce((sum, row) => sum + row.current_due_amount, 0));
  });

  it('shows a sub-account with nothing in the chosen currency in its own, and leaves it out of that roll-up (issue 26)', async () => {
    const admin = await signedIn('admin', 'C-1001');
    // Northwind Canada (C-1013) is all CAD: with USD chosen its row is its CAD standing, not blank USD figures.
    const body = await subAccounts(admin, '?filter[sol_currency]=USD');
    const canada = body.data.filter((row) => row.attributes.buid_customer === 'C-1013').map((row) => row.attributes);
    expect(canada.map((row) => row.currency)).toEqual(['CAD']);
    const [cad] = await exposures(admin, ['C-1013'], 'CAD');
    expect(canada[0]).toMatchObject({
      credit_limit: cad!.credit_limit,
      credit_available: cad!.credit_available,
      current_due_amount: cad!.current_due_amount,
    });
    expect(canada[0]!.credit_limit).not.toBeNull();
    // The others keep their USD standing; no row has blank credit figures.
    expect(body.data.filter((row) => row.attributes.buid_customer !== 'C-1013').every((row) => row.attributes.currency === 'USD')).toBe(
      true,
    );
    expect(body.data.every((row) => row.attributes.credit_limit !== null)).toBe(true);
    // The roll-up is USD only, over the accounts with USD figures.
    expect(body.meta.totals.map((total) => total.currency)).toEqual(['USD']);
    expect(body.meta.totals[0]!.customer_ids.split(',').sort()).toEqual(['C-1001', 'C-1011', 'C-1012']);
    const usd = await exposures(admin, ['C-1001', 'C-1011', 'C-1012'], 'USD');
    for (const field of FIGURES) expect(body.meta.totals[0]![field], field).toBe(usd.reduce((sum, row) => sum + row[field], 0));
  });

  it('pages and sorts when a table asks', async () => {
    const admin = await signedIn('admin', 'C-1001');
    const response = await admin.get('/customer-sub-accounts?filter[sort]=customer_name|desc&page[number]=1&page[size]=1');
    const body = response.json() as SubAccounts & { meta: { page: { total: number } } };
    expect(body.data).toHaveLength(1);
    expect(body.meta.page.total).toBeGreaterThanOrEqual(3);
    expect(body.data[0]!.attributes.customer_name).toBe('Northwind West');
  });

  it("lists only the sub-accounts in the caller's scope, and rolls up only those", async () => {
    // payer and viewer see Northwind but none of its sub-accounts.
    for (const username of ['payer', 'viewer']) {
      const body = await subAccounts(await signedIn(username, 'C-1001'));
      expect(body.data, username).toEqual([]);
      expect(new Set(body.meta.totals.flatMap((total) => total.customer_ids.split(','))), username).toEqual(new Set(['C-1001']));
    }
    // The corporate user has them too.
    const corporate = await subAccounts(await signedIn('corporate', 'C-1001'));
    expect(new Set(corporate.data.map((row) => row.attributes.buid_customer))).toEqual(new Set(['C-1011', 'C-1012', 'C-1013']));
  });

  it('answers a customer without sub-accounts with an empty list', async () => {
    const body = await subAccounts(await signedIn('admin', 'C-1002'));
    expect(body.data).toEqual([]);
    expect(body.meta.parent.buid_customer).toBe('C-1002');
  });

  it('takes another parent by filter[buid_customer] within the scope, else 404', async () => {
    const admin = await signedIn('admin', 'C-1002');
    expect((await subAccounts(admin, '?filter[buid_customer]=C-1001')).meta.parent.buid_customer).toBe('C-1001');
    const foreign = await admin.get('/customer-sub-accounts?filter[buid_customer]=C-1005');
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe(ErrorCode.notFound);
  });

  it('needs a customer, selected or named', async () => {
    const response = await (await signedIn('admin')).get('/customer-sub-accounts');
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.fieldRequired);
  });

  it('refuses bad filters with a translated 400', async () => {
    const admin = await signedIn('admin', 'C-1001');
    for (const query of ['?filter[sol_currency]=US', '?filter[status]=active', '?filter[sort]=credit_limit']) {
      const response = await admin.get(`/customer-sub-accounts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response), query).toBe(ErrorCode.invalidFilter);
    }
  });

  it('is refused to card viewers, safety managers and merchant users (spec §6), and without a session', async () => {
    for (const username of ['cardviewer', 'safety', 'dealer']) {
      const response = await (await signedIn(username, username === 'dealer' ? undefined : 'C-1001')).get(
        '/customer-sub-accounts?filter[buid_customer]=C-1001',
      );
      expect(response.statusCode, username).toBe(403);
      expect(errorCode(response), username).toBe(ErrorCode.forbidden);
    }
    const anonymous = await api.client().get('/customer-sub-accounts');
    expect(anonymous.statusCode).toBe(401);
  });
});
