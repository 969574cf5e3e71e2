import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, TEST_TODAY, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface Figures {
  amount_minor: number;
  count: number;
}
interface ExposureAttributes {
  buid_customer: string;
  customer_name: string | null;
  currency: string;
  past_due_total: number;
  current_due_amount: number;
  unbilled_invoice: number;
  unpaid_invoice: number;
  active_authorisation: number | null;
  credit_available: number | null;
  credit_limit: number | null;
  late_fee: number;
  past_due_count: number;
  current_due_count: number;
  percent_used: number | null;
  as_of: string;
  ageing: Record<'current' | 'd1_30' | 'd31_60' | 'd61_90' | 'over_90', Figures>;
}
type Totals = Omit<ExposureAttributes, 'buid_customer' | 'customer_name' | 'ageing' | 'as_of'> & {
  customer_count: number;
  customer_ids: string;
};
interface ExposureDocument {
  data: Array<{ type: string; id: string; attributes: ExposureAttributes }>;
  meta: { totals: Totals[] };
}

async function signedIn(username: string, customer?: string): Promise<ApiClient> {
  const client = api.client();
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function exposures(client: ApiClient, query = ''): Promise<ExposureDocument> {
  const response = await client.get(`/exposures${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/vnd.api+json');
  return response.json() as ExposureDocument;
}

/**
 * The expected figures, computed here from the invoices table with the rules written out again
 * (not imported), so a wrong rule in domain/exposure.ts or in the SQL shows as a difference.
 */
async function expected(customer: string, today: string, currency?: string, locations?: string[]) {
  const line = await api.db.selectFrom('credit_lines').selectAll().where('buid_customer', '=', customer).executeTakeFirstOrThrow();
  const { customer_name } = await api.db
    .selectFrom('customers')
    .select('customer_name')
    .where('buid_customer', '=', customer)
    .executeTakeFirstOrThrow();
  const shown = currency ?? line.currency;
  const invoices = await api.db
    .selectFrom('invoices')
    .selectAll()
    .where('buid_customer', '=', customer)
    .where('currency', '=', shown)
    .execute();
  const allOwed = invoices.filter((row) =>
    ['Billed', 'Past Due', 'Payment Pending', 'Disputed', 'On hold', 'Adjusted'].includes(row.status),
  );
  // A location narrows the invoice figures; the credit line (credit used, held, available) stays the customer's.
  const atLocation = (rows: typeof invoices) =>
    locations ? rows.filter((row) => row.buid_location !== null && locations.includes(row.buid_location)) : rows;
  const owed = atLocation(allOwed);
  const balance = (row: (typeof invoices)[number]) => row.current_due_minor + row.past_due_minor;
  const late = (row: (typeof invoices)[number]) => Math.round((Date.parse(today) - Date.parse(row.due_date!)) / 86_400_000);
  const sum = (rows: typeof invoices) => rows.reduce((total, row) => total + balance(row), 0);
  const bucket = (rows: typeof invoices) => ({ amount_minor: sum(rows), count: rows.length });
  // A Payment Pending invoice uses credit until it settles but is not due any more.
  const due = owed.filter((row) => row.status !== 'Payment Pending');
  const past = due.filter((row) => row.due_date !== null && late(row) > 0);
  const current = due.filter((row) => row.due_date === null || late(row) <= 0);
  const unpaid = sum(allOwed);
  const sameCurrency = shown === line.currency;
  return {
    buid_customer: customer,
    customer_name,
    currency: shown,
    past_due_total: sum(past),
    past_due_count: past.length,
    current_due_amount: sum(current),
    current_due_count: current.length,
    unpaid_invoice: unpaid,
    unbilled_invoice: atLocation(invoices)
      .filter((row) => row.status === 'Unbilled' || row.status === 'Pending')
      .reduce((total, row) => total + row.amount_minor, 0),
    late_fee: owed.reduce((total, row) => total + row.late_fee_minor, 0),
    credit_limit: sameCurrency ? line.credit_limit_minor : null,
    active_authorisation: sameCurrency ? line.active_authorisation_minor : null,
    credit_available: sameCurrency ? Math.max(0, line.credit_limit_minor - unpaid - line.active_authorisation_minor) : null,
    percent_used: sameCurrency
      ? Math.min(100, Math.floor(((unpaid + line.active_authorisation_minor) * 100) / line.credit_limit_minor))
      : null,
    ageing: {
      current: bucket(current),
      d1_30: bucket(past.filter((row) => late(row) <= 30)),
      d31_60: bucket(past.filter((row) => late(row) > 30 && late(row) <= 60)),
      d61_90: bucket(past.filter((row) => late(row) > 60 && late(row) <= 90)),
      over_90: bucket(past.filter((row) => late(row) > 90)),
    },
    as_of: today,
  };
}

describe('GET /exposures', () => {
  it("computes the selected customer's figures from its invoices and credit line", async () => {
    const body = await exposures(await signedIn('payer', 'C-1001'));
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ type: 'exposures', id: 'C-1001' });
    expect(body.data[0]!.attributes).toEqual(await expected('C-1001', TEST_TODAY));
  });

  it("narrows the invoice figures to filter[buid_location], keeping the customer's credit line (issue 13 item 7)", async () => {
    const client = await signedIn('payer', 'C-1001');
    const whole = (await exposures(client)).data[0]!.attributes;
    const chicago = (await exposures(client, '?filter[buid_location]=L-1001-1')).data[0]!.attributes;
    expect(chicago).toEqual(await expected('C-1001', TEST_TODAY, undefined, ['L-1001-1']));
    expect(chicago.past_due_count).toBeGreaterThan(0);
    expect(chicago.past_due_count).toBeLessThan(whole.past_due_count);
    expect(chicago.unpaid_invoice).toBe(whole.unpaid_invoice);
    expect(chicago.credit_available).toBe(whole.credit_available);
    const two = (await exposures(client, '?filter[buid_location]=L-1001-1,L-1001-2')).data[0]!.attributes;
    expect(two).toEqual(await expected('C-1001', TEST_TODAY, undefined, ['L-1001-1', 'L-1001-2']));
    // Another customer's location matches none of this customer's invoices.
    const foreign = (await exposures(client, '?filter[buid_location]=L-1002-1')).data[0]!.attributes;
    expect([foreign.past_due_count, foreign.current_due_count, foreign.unbilled_invoice]).toEqual([0, 0, 0]);
    const bad = await client.get(`/exposures?filter[buid_location]=${'L,'.repeat(600)}`);
    expect(bad.statusCode).toBe(400);
  });

  it('gives the demo customer non-trivial figures in every ageing bucket', async () => {
    const { attributes } = (await exposures(await signedIn('payer', 'C-1001'))).data[0]!;
    for (const bucket of Object.values(attributes.ageing)) expect(bucket.count).toBeGreaterThan(0);
    const buckets = Object.values(attributes.ageing);
    // Credit used is what is due (the buckets) and what is being paid (Payment Pending, not due).
    const inPayment = (
      await api.db
        .selectFrom('invoices')
        .select(['current_due_minor', 'past_due_minor'])
        .where('buid_customer', '=', 'C-1001')
        .where('currency', '=', 'USD')
        .where('status', '=', 'Payment Pending')
        .execute()
    ).reduce((total, row) => total + row.current_due_minor + row.past_due_minor, 0);
    expect(inPayment).toBeGreaterThan(0);
    expect(buckets.reduce((total, bucket) => total + bucket.amount_minor, 0) + inPayment).toBe(attributes.unpaid_invoice);
    expect(attributes.past_due_total + attributes.current_due_amount + inPayment).toBe(attributes.unpaid_invoice);
    expect(attributes.unbilled_invoice).toBeGreaterThan(0);
    expect(attributes.late_fee).toBeGreaterThan(0);
    expect(attributes.credit_limit).toBe(50_000_000);
    expect(attributes.active_authorisation).toBe(1_250_000);
    expect(attributes.percent_used).toBeGreaterThan(0);
  });

  it('rolls up a comma list of customers for the program overview, each in its own currency', async () => {
    const body = await exposures(await signedIn('admin', 'C-1001'), '?filter[buid_customer]=C-1002,C-1001,C-1003');
    expect(body.data.map((row) => row.id)).toEqual(['C-1001', 'C-1002', 'C-1003']);
    expect(body.data.map((row) => row.attributes.currency)).toEqual(['USD', 'CAD', 'EUR']);
    for (const row of body.data) expect(row.attributes).toEqual(await expected(row.id, TEST_TODAY));
  });

  it('totals the roll-up per currency in meta.totals, never adding currencies together', async () => {
    const body = await exposures(await signedIn('corporate'), '?filter[buid_customer]=C-1001,C-1002,C-1005,C-1006,C-1007');
    expect(body.data.map((row) => [row.id, row.attributes.currency])).toEqual([
      ['C-1001', 'USD'],
      ['C-1002', 'CAD'],
      ['C-1005', 'USD'],
      ['C-1006', 'USD'],
      ['C-1007', 'USD'],
    ]);
    expect(body.data[0]!.attributes.customer_name).toBe('Northwind Logistics');
    expect(body.meta.totals.map((total) => total.currency)).toEqual(['CAD', 'USD']);
    for (const total of body.meta.totals) {
      const rows = body.data.map((row) => row.attributes).filter((row) => row.currency === total.currency);
      const sum = (
        field:
          | 'past_due_total'
          | 'past_due_count'
          | 'current_due_amount'
          | 'current_due_count'
          | 'unbilled_invoice'
          | 'unpaid_invoice'
          | 'late_fee'
          | 'credit_limit'
          | 'active_authorisation'
          | 'credit_available',
      ) => rows.reduce((value, row) => value + (row[field] ?? 0), 0);
      const limit = sum('credit_limit');
      expect(total).toEqual({
        currency: total.currency,
        customer_count: rows.length,
        customer_ids: rows.map((row) => row.buid_customer).join(','),
        past_due_total: sum('past_due_total'),
        past_due_count: sum('past_due_count'),
        current_due_amount: sum('current_due_amount'),
        current_due_count: sum('current_due_count'),
        unbilled_invoice: sum('unbilled_invoice'),
        unpaid_invoice: sum('unpaid_invoice'),
        late_fee: sum('late_fee'),
        credit_limit: limit,
        active_authorisation: sum('active_authorisation'),
        credit_available: sum('credit_available'),
        percent_used: Math.min(100, Math.floor(((sum('unpaid_invoice') + sum('active_authorisation')) * 100) / limit)),
      });
    }
    const usd = body.meta.totals.find((total) => total.currency === 'USD')!;
    expect(usd.customer_count).toBe(4);
    expect(usd.past_due_total).toBeGreaterThan(body.data[0]!.attributes.past_due_total);
  });

  it("leaves no currency out of the program overview with filter[every_currency] (issue 26 item 2: Northwind's CAD)", async () => {
    const client = await signedIn('corporate');
    const customers = 'C-1001,C-1002,C-1005,C-1006,C-1007';
    const body = await exposures(client, `?filter[buid_customer]=${customers}&filter[every_currency]=true`);
    const plain = await exposures(client, `?filter[buid_customer]=${customers}`);
    // Each customer's row in its own currency stays as it was; Northwind's CAD follows its USD row.
    expect(body.data.filter((row) => !row.id.includes(':'))).toEqual(plain.data);
    expect(body.data.map((row) => row.id).slice(0, 3)).toEqual(['C-1001', 'C-1001:CAD', 'C-1002']);
    const cad = body.data.find((row) => row.id === 'C-1001:CAD')!.attributes;
    expect(cad).toEqual(await expected('C-1001', TEST_TODAY, 'CAD'));
    expect(cad.past_due_count + cad.current_due_count).toBeGreaterThan(0);
    const cadTotal = body.meta.totals.find((total) => total.currency === 'CAD')!;
    const plainCad = plain.meta.totals.find((total) => total.currency === 'CAD')!;
    expect(cadTotal.customer_ids).toBe('C-1001,C-1002');
    expect(cadTotal.past_due_total).toBe(plainCad.past_due_total + cad.past_due_total);
    expect(cadTotal.current_due_amount).toBe(plainCad.current_due_amount + cad.current_due_amount);
    // The paged table names the same rows.
    const page = (
      await client.get(`/exposures?filter[buid_customer]=${customers}&filter[every_currency]=true&page[number]=1&page[size]=2`)
    ).json() as ExposureDocument;
    expect(page.data.map((row) => row.id)).toEqual(['C-1001', 'C-1001:CAD']);
  });

  it('pages and sorts the rows when asked, with totals over every customer', async () => {
    const client = await signedIn('corporate');
    const all = await exposures(client, '?filter[buid_customer]=C-1001,C-1002,C-1005,C-1006,C-1007');
    const page = await client.get(
      '/exposures?filter[buid_customer]=C-1001,C-1002,C-1005,C-1006,C-1007&filter[sort]=customer_name|desc&page[number]=2&page[size]=2',
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as ExposureDocument & { meta: { page: { number: number; size: number; total: number; pages: number } } };
    const byName = all.data.map((row) => row.attributes.customer_name!).sort((a, b) => b.localeCompare(a));
    expect(body.data.map((row) => row.attributes.customer_name)).toEqual(byName.slice(2, 4));
    expect(body.meta.page).toEqual({ number: 2, size: 2, total: 5, pages: 3 });
    expect(body.meta.totals).toEqual(all.meta.totals);
    expect((all as { meta: { page?: unknown } }).meta.page).toBeUndefined();
  });

  it('leaves the credit-line totals empty when no customer has a line in the currency shown', async () => {
    const body = await exposures(await signedIn('payer', 'C-1001'), '?filter[sol_currency]=CAD');
    expect(body.meta.totals).toEqual([
      expect.objectContaining({
        currency: 'CAD',
        customer_count: 1,
        unpaid_invoice: body.data[0]!.attributes.unpaid_invoice,
        credit_limit: null,
        active_authorisation: null,
        credit_available: null,
        percent_used: null,
      }),
    ]);
  });

  it("without a selected customer covers all of the user's customers", async () => {
    const body = await exposures(await signedIn('corporate'));
    expect(body.data.map((row) => row.id)).toEqual(['C-1001', 'C-1002', 'C-1005', 'C-1006', 'C-1007', 'C-1011', 'C-1012', 'C-1013']);
  });

  it('changes when an invoice is paid', async () => {
    const client = await signedIn('payer', 'C-1001');
    const before = (await exposures(client)).data[0]!.attributes;
    const invoice = await api.db
      .selectFrom('invoices')
      .selectAll()
      .where('buid_customer', '=', 'C-1001')
      .where('status', '=', 'Past Due')
      .where('currency', '=', 'USD')
      .orderBy('due_date')
      .executeTakeFirstOrThrow();
    await api.db.updateTable('invoices').set({ status: 'Paid' }).where('trx_id', '=', invoice.trx_id).execute();
    try {
      const after = (await exposures(client)).data[0]!.attributes;
      const balance = invoice.current_due_minor + invoice.past_due_minor;
      expect(after.unpaid_invoice).toBe(before.unpaid_invoice - balance);
      expect(after.past_due_total).toBe(before.past_due_total - balance);
      expect(after.past_due_count).toBe(before.past_due_count - 1);
      expect(after.credit_available).toBe(before.credit_available! + balance);
      expect(after.ageing.over_90.count).toBe(before.ageing.over_90.count - 1);
      expect(after).toEqual(await expected('C-1001', TEST_TODAY));
    } finally {
      await api.db.updateTable('invoices').set({ status: invoice.status }).where('trx_id', '=', invoice.trx_id).execute();
    }
  });

  it("ages invoices by the clock's day in US Central time", async () => {
    // 03:00 UTC on the 24th is still the 23rd in Chicago: nothing moves.
    api.clock.set(`${TEST_TODAY.slice(0, 8)}24T03:00:00Z`);
    try {
      const sameDay = (await exposures(await signedIn('payer', 'C-1001'))).data[0]!.attributes;
      expect(sameDay.as_of).toBe(TEST_TODAY);
      // A day later the invoice due on the 23rd is one day past due.
      api.clock.set(`${TEST_TODAY.slice(0, 8)}24T15:00:00Z`);
      const nextDay = (await exposures(await signedIn('payer', 'C-1001'))).data[0]!.attributes;
      expect(nextDay.as_of).toBe('2026-11-24');
      expect(nextDay).toEqual(await expected('C-1001', '2026-11-24'));
      expect(nextDay.past_due_count).toBe(sameDay.past_due_count + 1);
    } finally {
      api.clock.set(`${TEST_TODAY}T15:00:00Z`);
    }
  });

  it('shows invoices of another currency with filter[sol_currency], without credit-line figures', async () => {
    const body = await exposures(await signedIn('payer', 'C-1001'), '?filter[sol_currency]=CAD');
    const { attributes } = body.data[0]!;
    expect(attributes).toEqual(await expected('C-1001', TEST_TODAY, 'CAD'));
    expect(attributes.currency).toBe('CAD');
    expect(attributes.unpaid_invoice).toBeGreaterThan(0);
    expect(attributes.credit_limit).toBeNull();
  });

  it("refuses another customer's id with 404", async () => {
    const response = await (await signedIn('payer', 'C-1001')).get('/exposures?filter[buid_customer]=C-1001,C-1002');
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe(ErrorCode.notFound);
  });

  it('bars card viewers, safety managers and merchant users (403)', async () => {
    for (const username of ['cardviewer', 'safety', 'dealer']) {
      const response = await (await signedIn(username)).get('/exposures?filter[buid_customer]=C-1001');
      expect(response.statusCode, username).toBe(403);
      expect(errorCode(response)).toBe(ErrorCode.forbidden);
    }
  });

  it('needs a session (401) and refuses unknown or malformed filters (400)', async () => {
    expect((await api.client().get('/exposures')).statusCode).toBe(401);
    const client = await signedIn('payer', 'C-1001');
    for (const query of ['?filter[status]=Billed', '?foo=1', '?filter[sol_currency]=DOLLARS']) {
      const response = await client.get(`/exposures${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
    }
  });
});

/**
 * issue 13: every overview figure equals the list behind its link. GET /invoices with
 * filter[exposure_bucket] (and the figure's customers and currency) lists exactly the invoices
 * the figure counts: the count is the list's total, the amount the sum of its rows.
 */
describe('GET /invoices?filter[exposure_bucket] lists what each overview figure counts', () => {
  interface InvoicePage {
    data: Array<{ id: string; attributes: { status: string; currentDueMinor: number; pastDueMinor: number; amountMinor: number } }>;
    meta: { page: { total: number } };
  }
  async function listed(client: ApiClient, customers: string, currency: string, bucket: string) {
    const response = await client.get(
      `/invoices?filter[buid_customer]=${customers}&filter[sol_currency]=${currency}&filter[exposure_bucket]=${bucket}&page[size]=10000`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as InvoicePage;
    expect(page.meta.page.total).toBe(page.data.length);
    const rows = page.data.map((row) => row.attributes);
    return {
      count: page.meta.page.total,
      balance: rows.reduce((sum, row) => sum + row.currentDueMinor + row.pastDueMinor, 0),
      amount: rows.reduce((sum, row) => sum + row.amountMinor, 0),
      statuses: [...new Set(rows.map((row) => row.status))].sort(),
    };
  }
  const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
  type DueFigures = Pick<
    Totals,
    'currency' | 'past_due_count' | 'past_due_total' | 'current_due_count' | 'current_due_amount' | 'unbilled_invoice'
  >;
  /** The past-due, current and unbilled lists of `customers` in the figures' currency, against the figures. */
  async function expectFigureLists(client: ApiClient, customers: string, figures: DueFigures, what: string) {
    const pastDue = await listed(client, customers, figures.currency, 'past_due');
    expect([pastDue.count, pastDue.balance], `${what} past_due`).toEqual([figures.past_due_count, figures.past_due_total]);
    const current = await listed(client, customers, figures.currency, 'current');
    expect([current.count, current.balance], `${what} current`).toEqual([figures.current_due_count, figures.current_due_amount]);
    expect((await listed(client, customers, figures.currency, 'unbilled')).amount, `${what} unbilled`).toBe(figures.unbilled_invoice);
  }

  it('per customer: past due, current due, unbilled and each ageing bucket', async () => {
    const client = await signedIn('admin', 'C-1001');
    for (const customer of ['C-1001', 'C-1002', 'C-1003', 'C-1004']) {
      const [exposure] = (await exposures(client, `?filter[buid_customer]=${customer}`)).data.map((row) => row.attributes);
      const { currency } = exposure!;
      const pastDue = await listed(client, customer, currency, 'past_due');
      expect([pastDue.count, pastDue.balance], `${customer} past_due`).toEqual([exposure!.past_due_count, exposure!.past_due_total]);
      const current = await listed(client, customer, currency, 'current');
      expect([current.count, current.balance], `${customer} current`).toEqual([exposure!.current_due_count, exposure!.current_due_amount]);
      expect((await listed(client, customer, currency, 'unbilled')).amount, `${customer} unbilled`).toBe(exposure!.unbilled_invoice);
      for (const bucket of BUCKETS) {
        const list = await listed(client, customer, currency, bucket);
        expect([list.count, list.balance], `${customer} ${bucket}`).toEqual([
          exposure!.ageing[bucket].count,
          exposure!.ageing[bucket].amount_minor,
        ]);
      }
    }
  });

  it('includes the disputed, on-hold and adjusted invoices the figures count (C-1001), not only one status', async () => {
    const client = await signedIn('payer', 'C-1001');
    const pastDue = await listed(client, 'C-1001', 'USD', 'past_due');
    expect(pastDue.statuses).toEqual(expect.arrayContaining(['Disputed', 'On hold', 'Adjusted', 'Past Due']));
    expect((await listed(client, 'C-1001', 'USD', 'unbilled')).statuses).toEqual(['Pending', 'Unbilled']);
    // With filter[status], the bucket narrows the status list (a user's filter on top).
    const response = await client.get('/invoices?filter[status]=Disputed&filter[exposure_bucket]=current&filter[sol_currency]=USD');
    const rows = (response.json() as InvoicePage).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.attributes.status === 'Disputed')).toBe(true);
  });

  it("per currency over the program overview's customers (meta.totals with customer_ids)", async () => {
    const client = await signedIn('corporate');
    const { meta } = await exposures(client, '?filter[buid_customer]=C-1001,C-1002,C-1005,C-1006,C-1007');
    for (const total of meta.totals) {
      await expectFigureLists(client, total.customer_ids, total, total.currency);
    }
  });

  // The program overview's rows and totals as the browser test reads them (tests/e2e/overview.test.ts
  // checks that each cell links to its bucket, customer and currency; the lists themselves are checked here).
  const PROGRAM = 'C-1001,C-1002,C-1005,C-1006,C-1007,C-1011,C-1012,C-1013';

  it("per row of the program overview, each currency of each customer and Northwind's sub-accounts (filter[every_currency])", async () => {
    const client = await signedIn('corporate');
    const { data } = await exposures(client, `?filter[buid_customer]=${PROGRAM}&filter[every_currency]=true`);
    expect(data.map(({ id }) => id)).toEqual(expect.arrayContaining(['C-1001', 'C-1001:CAD', 'C-1005', 'C-1011', 'C-1013']));
    for (const { id, attributes: exposure } of data) {
      await expectFigureLists(client, exposure.buid_customer, exposure, id);
    }
  });

  it("per currency over the program overview's rows, every currency of every customer (meta.totals with customer_ids)", async () => {
    const client = await signedIn('corporate');
    const { meta } = await exposures(client, `?filter[buid_customer]=${PROGRAM}&filter[every_currency]=true`);
    expect(meta.totals.map((total) => total.currency)).toEqual(['CAD', 'USD']);
    for (const total of meta.totals) {
      await expectFigureLists(client, total.customer_ids, total, total.currency);
    }
  });

  it('refuses an unknown bucket with a translated 400', async () => {
    const client = await signedIn('payer', 'C-1001');
    const response = await client.get('/invoices?filter[exposure_bucket]=overdue');
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
  });
});
