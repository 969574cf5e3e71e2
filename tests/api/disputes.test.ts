import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { invoiceFor } from '../../server/db/seed.ts';
import { errorCode, startTestApi, TEST_TODAY, type ApiClient, type TestApi } from '../support/api.ts';

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
}
interface ListDoc {
  data: Resource[];
  meta?: { page: { number: number; size: number; total: number; pages: number } };
}
const list = (response: LightMyRequestResponse) => response.json() as ListDoc;
const ids = (response: LightMyRequestResponse) => list(response).data.map((row) => Number(row.id));
const meta = (response: LightMyRequestResponse) =>
  (response.json() as { errors: Array<{ meta?: Record<string, unknown> }> }).errors[0]?.meta;

let api: TestApi;
let admin: ApiClient;
let payer: ApiClient;
let dealer: ApiClient;
const START = `${TEST_TODAY}T15:00:00Z`;

async function signedIn(username: string): Promise<ApiClient> {
  const client = api.client();
  const response = await client.login(username);
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
  return client;
}
const counts = async (client: ApiClient, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Resource }).data.attributes;
};
const tableCount = async (table: 'disputes' | 'dispute_responses' | 'dispute_contacts') =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const snapshot = async () => ({
  disputes: await api.db.selectFrom('disputes').select(['dispute_id', 'status', 'response_due_at']).orderBy('dispute_id').execute(),
  invoices: await api.db
    .selectFrom('invoices')
    .select(['trx_id', 'status', 'disputed_total_minor'])
    .where('buid_customer', '=', 'C-1001')
    .orderBy('trx_id')
    .execute(),
  responses: await tableCount('dispute_responses'),
  contacts: await tableCount('dispute_contacts'),
  // Sign-ins are audited too; only the dispute rows matter here.
  audit: (await api.db.selectFrom('audit_log').select('id').where('entity', '=', 'dispute').execute()).length,
});

beforeAll(async () => {
  api = await startTestApi();
  [admin, payer, dealer] = await Promise.all([signedIn('admin'), signedIn('payer'), signedIn('dealer')]);
});
afterAll(async () => {
  await api?.close();
});

describe('wizard reference data', () => {
  it('lists dispute reasons with documentation_required Y/N', async () => {
    const response = await payer.get('/customer-dispute-reasons');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect(list(response).data.map((row) => row.attributes)).toEqual([
      { dispute_reason: 'Incorrect amount', dispute_reason_id: 1, documentation_required: 'N' },
      { dispute_reason: 'Goods not received', dispute_reason_id: 2, documentation_required: 'N' },
      { dispute_reason: 'Duplicate charge', dispute_reason_id: 3, documentation_required: 'Y' },
      { dispute_reason: 'Unauthorised transaction', dispute_reason_id: 4, documentation_required: 'Y' },
      { dispute_reason: 'Quality issue', dispute_reason_id: 5, documentation_required: 'N' },
      { dispute_reason: 'Other', dispute_reason_id: 6, documentation_required: 'N' },
    ]);
    expect((await payer.get('/customer-dispute-reasons?filter[x]=1')).statusCode).toBe(400);
    expect((await (await signedIn('cardviewer')).get('/customer-dispute-reasons')).statusCode).toBe(403);
  });

  it("lists the contacts of the user's group, none without a group", async () => {
    const response = await admin.get('/ecaas/user-group-contacts');
    expect(response.statusCode).toBe(200);
    const adminId = (await api.db.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).user_id;
    expect(list(response).data.map((row) => row.attributes)).toEqual([
      {
        contact_name: 'Alex Morgan',
        email_address: 'admin@demo.example',
        dispute_contact_type_id: 1,
        dispute_contact_type: 'Primary',
        user_id: adminId,
      },
      {
        contact_name: 'Jordan Lee',
        email_address: 'jordan.lee@northwind.example',
        dispute_contact_type_id: 1,
        dispute_contact_type: 'Primary',
        user_id: null,
      },
      {
        contact_name: 'Northwind Billing Desk',
        email_address: 'billing@northwind.example',
        dispute_contact_type_id: 2,
        dispute_contact_type: 'Billing',
        user_id: null,
      },
    ]);
    expect(list(await payer.get('/ecaas/user-group-contacts')).data).toEqual([]);
    expect((await (await signedIn('safety')).get('/ecaas/user-group-contacts')).statusCode).toBe(403);
  });

  it('names the ineligible transactions among those asked, with the reason', async () => {
    const asked = [
      invoiceFor('ineligibleOld'),
      invoiceFor('ineligiblePaid'),
      invoiceFor('dispute1'),
      'T-1001-0001',
      'T-1001-0017',
      invoiceFor('paymentPending1'),
      invoiceFor('paid1'),
    ];
    const response = await payer.get(`/customer-dispute-ineligible-trxs?filter[trx_id]=${asked.join(',')}`);
    expect(response.statusCode).toBe(200);
    expect(list(response).data.map((row) => row.attributes)).toEqual([
      { trx_id: invoiceFor('ineligibleOld'), ineligible_reason: 'Invoice older than 120 days' },
      { trx_id: invoiceFor('ineligiblePaid'), ineligible_reason: 'Invoice already paid' },
      { trx_id: invoiceFor('dispute1'), ineligible_reason: 'Invoice already under dispute' },
      { trx_id: 'T-1001-0017', ineligible_reason: 'Invoice not billed yet' }, // Pending
      { trx_id: invoiceFor('paymentPending1'), ineligible_reason: 'Payment pending on invoice' },
    ]);
  });

  it("refuses another customer's transactions, a missing filter and unknown filters", async () => {
    const other = await payer.get('/customer-dispute-ineligible-trxs?filter[trx_id]=T-1001-0001,T-1002-0001');
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('errors.invoices.notFound');
    expect(meta(other)).toEqual({ trx_ids: ['T-1002-0001'] });
    expect(errorCode(await payer.get('/customer-dispute-ineligible-trxs'))).toBe('errors.validation.required');
    expect((await payer.get('/customer-dispute-ineligible-trxs?filter[trx_id]=T-1001-0001&filter[buid]=x')).statusCode).toBe(400);
  });
});

describe('dispute counts', () => {
  it('counts open and closed disputes of a customer, with each status and the expired ones', async () => {
    // Demo C-1001: disputes 1-3 open (3 expired), 4 waiting on customer (expired), 5 waiting on merchant, 6 escalated, 7 closed.
    expect(await counts(payer, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001&filter[del_currency]=USD')).toEqual({
      open_disputes: 6,
      closed_disputes: 1,
      expired_disputes: 2,
      status_counts: { open: 3, 'waiting on customer': 1, 'waiting on merchant': 1, escalated: 1, closed: 1 },
    });
    expect(await counts(payer, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001&filter[del_currency]=CAD')).toMatchObject({
      open_disputes: 0,
      closed_disputes: 0,
    });
    expect(await counts(admin, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1003')).toMatchObject({
      open_disputes: 1,
      closed_disputes: 0,
      expired_disputes: 1,
      status_counts: { 'waiting on merchant': 1 },
    });
    const corporate = await signedIn('corporate');
    expect(await counts(corporate, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1002')).toMatchObject({
      open_disputes: 1,
      status_counts: { open: 1 },
    });
  });

  it("counts a merchant's disputes for a dealer", async () => {
    expect(await counts(dealer, '/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2001')).toEqual({
      open_disputes: 7,
      closed_disputes: 1,
      expired_disputes: 3,
      status_counts: { open: 3, 'waiting on customer': 1, 'waiting on merchant': 2, escalated: 1, closed: 1 },
    });
    expect(await counts(dealer, '/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2001&filter[del_currency]=EUR')).toMatchObject({
      open_disputes: 1,
      closed_disputes: 0,
    });
    expect(await counts(dealer, '/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2002')).toMatchObject({
      open_disputes: 1,
      closed_disputes: 0,
    });
  });

  it("refuses the other side's path, other customers, bad filters and barred roles", async () => {
    expect((await payer.get('/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2001')).statusCode).toBe(403);
    expect((await dealer.get('/ecaas/customer-dispute/count?filter[buid_customer]=C-1001')).statusCode).toBe(403);
    const other = await payer.get('/ecaas/customer-dispute/count?filter[buid_customer]=C-1002');
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('errors.request.notFound');
    expect((await dealer.get('/ecaas/merchant-dispute/count?filter[buid_merchant]=F-M-1')).statusCode).toBe(404);
    expect((await payer.get('/ecaas/customer-dispute/count?filter[buid_customer]=C-1001&filter[del_currency]=usd')).statusCode).toBe(400);
    expect((await payer.get('/ecaas/customer-dispute/count?filter[buid_merchant]=M-2001')).statusCode).toBe(400);
    expect((await (await signedIn('cardviewer')).get('/ecaas/customer-dispute/count?filter[buid_customer]=C-1001')).statusCode).toBe(403);
  });
});

describe('dispute centre list and detail', () => {
  it("lists a customer's disputes newest first with every attribute", async () => {
    const response = await admin.get('/ecaas/customer-disputes?filter[buid_customer]=C-1001');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([2, 1, 5, 3, 4, 6, 7]); // created 2, 4, 6, 25, 30, 40 and 45 days ago
    expect(list(response).meta?.page).toEqual({ number: 1, size: 50, total: 7, pages: 1 });
    const invoice = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', invoiceFor('dispute1')).executeTakeFirstOrThrow();
    expect(list(response).data.find((row) => row.id === '1')).toEqual({
      type: 'disputes',
      id: '1',
      attributes: {
        dispute_id: 1,
        trx_id: invoiceFor('dispute1'),
        invoice_id: invoice.invoice_id,
        dispute_reason_id: 1,
        reason: 'Incorrect amount',
        documentation_required: 'N',
        description: 'Billed at the pump price instead of the contract price.',
        status: 'open',
        expired: false,
        days_left_to_respond: 10,
        response_due_at: '2026-12-03T23:00:00.000Z',
        created_at: '2026-11-19T15:00:00.000Z',
        created_by: 'Alex Morgan',
        response_date: null,
        closed_at: null,
        amount_minor: invoice.disputed_total_minor,
        currency: 'USD',
        buid_customer: 'C-1001',
        customer_name: 'Northwind Logistics',
        buid_merchant: 'M-2001',
        merchant_name: 'Acme Fuel & Service',
        is_chargeback: false,
        allowed_responses: ['respond_to_merchant', 'close'],
      },
    });
    const expired = list(response).data.find((row) => row.id === '4')?.attributes;
    expect(expired).toMatchObject({ status: 'waiting on customer', expired: true, days_left_to_respond: 0, allowed_responses: [] });
  });

  it('filters by status, expiry, transaction and search', async () => {
    const url = '/ecaas/customer-disputes?filter[buid_customer]=C-1001&filter[sort]=created_at|asc';
    expect(ids(await admin.get(`${url}&filter[status]=open,closed`))).toEqual([7, 3, 1, 2]);
    expect(ids(await admin.get(`${url}&filter[expired]=true`))).toEqual([4, 3]);
    expect(ids(await admin.get(`${url}&filter[expired]=false`))).toEqual([7, 6, 5, 1, 2]);
    expect(ids(await admin.get(`${url}&filter[trx_id]=${invoiceFor('dispute5')},${invoiceFor('dispute6')}`))).toEqual([6, 5]);
    expect(ids(await admin.get('/ecaas/customer-disputes?filter[search]=duisburg'))).toEqual([9]);
    expect(ids(await admin.get('/ecaas/customer-disputes?filter[search]=Maple'))).toEqual([8]);
    expect(ids(await admin.get('/ecaas/customer-disputes?filter[search]=Duplicate'))).toEqual([4]);
    expect(ids(await admin.get(`/ecaas/customer-disputes?filter[search]=${invoiceFor('dispute2')}`))).toEqual([2]);
    expect(ids(await admin.get('/ecaas/customer-disputes?filter[sol_currency]=EUR'))).toEqual([9]);
  });

  it('sorts by amount and response due time, and pages', async () => {
    const expected = (
      await api.db
        .selectFrom('disputes')
        .select('dispute_id')
        .where('buid_customer', '=', 'C-1001')
        .orderBy('amount_minor', 'desc')
        .orderBy('dispute_id', 'desc')
        .execute()
    ).map((row) => row.dispute_id);
    expect(ids(await admin.get('/ecaas/customer-disputes?filter[buid_customer]=C-1001&filter[sort]=amount|desc'))).toEqual(expected);
    expect(ids(await admin.get('/ecaas/customer-disputes?filter[buid_customer]=C-1001&filter[sort]=response_due_at|asc'))).toEqual([
      7, 4, 3, 5, 1, 2, 6,
    ]);
    const page = await admin.get(
      '/ecaas/customer-disputes?filter[buid_customer]=C-1001&filter[sort]=response_due_at|asc&page[size]=3&page[number]=2',
    );
    expect(ids(page)).toEqual([5, 1, 2]);
    expect(list(page).meta?.page).toEqual({ number: 2, size: 3, total: 7, pages: 3 });
  });

  it('offers no responses to a payer (spec §6: dispute response is admin only)', async () => {
    const response = await payer.get('/ecaas/customer-disputes');
    expect(ids(response).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list(response).data.every((row) => (row.attributes.allowed_responses as unknown[]).length === 0)).toBe(true);
  });

  it("shows a dealer the disputes of their merchants with the merchant side's responses", async () => {
    const response = await dealer.get('/ecaas/merchant-disputes?filter[sort]=created_at|asc');
    expect(ids(response)).toEqual([7, 6, 4, 3, 9, 5, 1, 8, 2]);
    expect(list(response).data.find((row) => row.id === '1')?.attributes.allowed_responses).toEqual([
      'respond_to_customer',
      'close',
      'escalate',
    ]);
    expect(ids(await dealer.get('/ecaas/merchant-disputes?filter[buid_merchant]=M-2002'))).toEqual([8]);
    expect(ids(await dealer.get('/ecaas/merchant-disputes?filter[buid_customer]=C-1003'))).toEqual([9]);
  });

  it('refuses other customers, the other side, bad filters and barred roles', async () => {
    expect(errorCode(await payer.get('/ecaas/customer-disputes?filter[buid_customer]=C-1002'))).toBe('errors.request.notFound');
    expect((await dealer.get('/ecaas/merchant-disputes?filter[buid_merchant]=F-M-1')).statusCode).toBe(404);
    expect((await payer.get('/ecaas/merchant-disputes')).statusCode).toBe(403);
    expect((await dealer.get('/ecaas/customer-disputes')).statusCode).toBe(403);
    for (const query of ['filter[status]=pending', 'filter[expired]=yes', 'filter[sort]=trx_id|asc', 'filter[unknown]=1', 'page[size]=0']) {
      const response = await admin.get(`/ecaas/customer-disputes?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe('errors.request.invalidFilter');
    }
    expect((await (await signedIn('cardviewer')).get('/ecaas/customer-disputes')).statusCode).toBe(403);
  });

  it('shows one dispute with contacts, supporting documents and responses', async () => {
    const response = await admin.get('/ecaas/customer-disputes/5');
    expect(response.statusCode).toBe(200);
    const attributes = (response.json() as { data: Resource }).data.attributes;
    expect(attributes).toMatchObject({
      dispute_id: 5,
      status: 'waiting on merchant',
      expired: false,
      days_left_to_respond: 5,
      reason: 'Unauthorised transaction',
    });
    expect(attributes.contacts).toEqual([
      {
        id: expect.any(Number),
        name: 'Alex Morgan',
        email_address: 'admin@demo.example',
        contact_type: 'Primary',
        contact_type_text: 'Primary contact',
      },
    ]);
    expect(attributes.supporting_documents).toEqual([
      {
        id: expect.any(Number),
        file_name: 'police-report.pdf',
        file_size: expect.any(Number),
        entry_ts: '2026-11-18T16:00:00.000Z',
        document_type: 'Other',
        url: expect.stringMatching(/^\/ecaas\/customer-disputes\/5\/documents\/\d+\/content$/),
      },
    ]);
    expect(attributes.responses).toEqual([
      {
        id: expect.any(Number),
        side: 'customer',
        action: 'respond_to_merchant',
        dispute_action_description: 'Respond to merchant',
        comment: 'Police report attached; we did not authorise this purchase.',
        comment_date: '2026-11-18T16:00:00.000Z',
      },
    ]);
    expect((await payer.get('/ecaas/customer-disputes/8')).statusCode).toBe(404);
    expect((await admin.get('/ecaas/customer-disputes/999')).statusCode).toBe(404);
    expect((await admin.get('/ecaas/customer-disputes/abc')).statusCode).toBe(400);
    expect((await dealer.get('/ecaas/merchant-disputes/8')).statusCode).toBe(200);
  });

  it('lists response comments sorted as asked', async () => {
    const response = await payer.get('/ecaas/customer-dispute-response?filter[dispute_id]=6&filter[sort]=comment_date|desc');
    expect(response.statusCode).toBe(200);
    expect(
      list(response).data.map((row) => [row.attributes.side, row.attributes.dispute_action_description, row.attributes.comment_date]),
    ).toEqual([
      ['support', 'Support response', '2026-10-26T16:00:00.000Z'],
      ['customer', 'Escalate to customer support (disagree)', '2026-10-24T16:00:00.000Z'],
      ['merchant', 'Respond to customer', '2026-10-19T16:00:00.000Z'],
    ]);
    expect(list(response).data[1]?.attributes).toMatchObject({
      comment: 'The work order was signed for a different truck.',
      responded_by: 'Alex Morgan',
    });
    const asc = await dealer.get('/ecaas/merchant-dispute-response?filter[dispute_id]=6');
    expect(list(asc).data.map((row) => row.attributes.side)).toEqual(['merchant', 'customer', 'support']);
    expect((await payer.get('/ecaas/customer-dispute-response?filter[dispute_id]=8')).statusCode).toBe(404);
    expect(errorCode(await payer.get('/ecaas/customer-dispute-response'))).toBe('errors.validation.required');
    expect((await payer.get('/ecaas/customer-dispute-response?filter[dispute_id]=x')).statusCode).toBe(400);
    expect((await (await signedIn('cardviewer')).get('/ecaas/customer-dispute-response?filter[dispute_id]=6')).statusCode).toBe(403);
  });
});

describe('creating disputes and chargebacks', () => {
  const create = (client: ApiClient, body: Record<string, unknown>) =>
    client.post('/ecaas/disputes', {
      dispute_reason_id: 1,
      description: 'Price differs from the contract.',
      is_chargeback: false,
      ...body,
    });

  it('refuses roles the policy bars: card viewer and view only', async () => {
    const before = await snapshot();
    expect((await create(await signedIn('cardviewer'), { invoice_ids: ['T-1001-0002'] })).statusCode).toBe(403);
    expect((await create(await signedIn('viewer'), { invoice_ids: ['T-1001-0002'] })).statusCode).toBe(403);
    expect((await create(dealer, { invoice_ids: ['T-1001-0002'] })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('opens one dispute per invoice; the invoices become Disputed and the counts change', async () => {
    const before = await counts(payer, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001');
    const audits = (await snapshot()).audit;
    const response = await create(payer, {
      invoice_ids: ['T-1001-0002', 'T-1001-0033'],
      comment: 'See the contract, clause 4.',
      contacts: [{ name: 'Pat Rivera', email_address: 'payer@demo.example', contact_type: 'Billing' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = list(response).data;
    expect(created.map((row) => row.attributes.trx_id)).toEqual(['T-1001-0002', 'T-1001-0033']);
    expect(created[0]?.attributes).toMatchObject({
      status: 'open',
      expired: false,
      days_left_to_respond: 10,
      created_by: 'Pat Rivera',
      created_at: START.replace('Z', '.000Z'),
      is_chargeback: false,
      allowed_responses: [],
      customer_name: 'Northwind Logistics',
    });
    const invoices = await api.db
      .selectFrom('invoices')
      .select(['trx_id', 'status', 'disputed_total_minor', 'amount_minor'])
      .where('trx_id', 'in', ['T-1001-0002', 'T-1001-0033'])
      .orderBy('trx_id')
      .execute();
    for (const invoice of invoices) {
      expect(invoice.status).toBe('Disputed');
      expect(invoice.disputed_total_minor).toBe(invoice.amount_minor);
    }
    expect(created.map((row) => row.attributes.amount_minor)).toEqual(invoices.map((invoice) => invoice.amount_minor));
    const detail = (await payer.get(`/ecaas/customer-disputes/${created[0]?.id}`)).json() as { data: Resource };
    expect(detail.data.attributes.contacts).toEqual([
      {
        id: expect.any(Number),
        name: 'Pat Rivera',
        email_address: 'payer@demo.example',
        contact_type: 'Billing',
        contact_type_text: 'Billing contact',
      },
    ]);
    expect(detail.data.attributes.responses).toMatchObject([
      { side: 'customer', action: 'create', comment: 'See the contract, clause 4.' },
    ]);
    expect((await snapshot()).audit).toBe(audits + 2);
    const after = await counts(payer, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001');
    expect(after.open_disputes).toBe(Number(before.open_disputes) + 2);
    expect(after.closed_disputes).toBe(before.closed_disputes);
    // The invoice is now under an open dispute and is refused a second one.
    const again = await create(payer, { invoice_ids: ['T-1001-0002'] });
    expect(errorCode(again)).toBe('errors.disputes.submitError');
    expect(meta(again)?.ineligible).toEqual([{ trx_id: 'T-1001-0002', ineligible_reason: 'Invoice already under dispute' }]);
  });

  it('refuses the whole request when one invoice is ineligible, writing nothing', async () => {
    const before = await snapshot();
    const response = await create(payer, { invoice_ids: ['T-1001-0003', invoiceFor('ineligibleOld'), invoiceFor('dispute1')] });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('errors.disputes.submitError');
    expect(meta(response)?.ineligible_trx_ids).toEqual([invoiceFor('ineligibleOld'), invoiceFor('dispute1')]);
    expect(await snapshot()).toEqual(before);
  });

  it('a chargeback needs an eligible transaction', async () => {
    const before = await snapshot();
    const refused = await create(payer, { invoice_ids: [invoiceFor('ineligiblePaid')], is_chargeback: true });
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('errors.disputes.notEligibleForChargeback');
    expect(meta(refused)?.ineligible_trx_ids).toEqual([invoiceFor('ineligiblePaid')]);
    expect(await snapshot()).toEqual(before);
    // Reason 3 needs a supporting document (issue 14).
    const accepted = await create(payer, {
      invoice_ids: [invoiceFor('paid1')],
      is_chargeback: true,
      dispute_reason_id: 3,
      documents: [
        {
          trx_id: invoiceFor('paid1'),
          doc_type_id: 3,
          file_name: 'receipt.pdf',
          mime_type: 'application/pdf',
          content_base64: Buffer.from('%PDF-1.4 receipt').toString('base64'),
        },
      ],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(list(accepted).data[0]?.attributes).toMatchObject({ is_chargeback: true, documentation_required: 'Y', status: 'open' });
  });

  it("refuses another customer's invoice and bad bodies, writing nothing", async () => {
    const before = await snapshot();
    const other = await create(payer, { invoice_ids: ['T-1001-0004', 'T-1002-0001'] });
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('errors.invoices.notFound');
    const missing = await payer.post('/ecaas/disputes', { invoice_ids: ['T-1001-0004'], dispute_reason_id: 1, is_chargeback: false });
    expect(errorCode(missing)).toBe('errors.validation.required');
    expect(meta(missing)).toEqual({ field: 'description' });
    const noReason = await payer.post('/ecaas/disputes', { invoice_ids: ['T-1001-0004'], description: 'x', is_chargeback: false });
    expect(meta(noReason)).toEqual({ field: 'dispute_reason_id' });
    const blank = await create(payer, { invoice_ids: ['T-1001-0004'], description: '   ' });
    expect([blank.statusCode, errorCode(blank), meta(blank)]).toEqual([400, 'errors.validation.required', { field: 'description' }]);
    const email = await create(payer, {
      invoice_ids: ['T-1001-0004'],
      contacts: [{ name: 'A', email_address: 'not-an-email', contact_type: 'Primary' }],
    });
    expect([email.statusCode, errorCode(email)]).toEqual([400, 'errors.request.invalid']);
    expect((await create(payer, { invoice_ids: [] })).statusCode).toBe(400);
    expect((await create(payer, { invoice_ids: ['T-1001-0004'], description: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await create(payer, { invoice_ids: ['T-1001-0004'], dispute_reason_id: 99 })).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe('responding to disputes', () => {
  const respond = (client: ApiClient, side: string, body: Record<string, unknown>) =>
    client.post(`/ecaas/${side}-dispute-response`, { comment: 'Reviewed.', ...body });

  it("is admin only: a payer gets 403; the other side's path is refused", async () => {
    const before = await snapshot();
    expect((await respond(payer, 'customer', { dispute_ids: [1], action: 'close' })).statusCode).toBe(403);
    expect((await respond(admin, 'merchant', { dispute_ids: [1], action: 'close' })).statusCode).toBe(403);
    expect((await respond(dealer, 'customer', { dispute_ids: [1], action: 'close' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bulk response over mixed statuses, naming the ineligible ids and writing nothing', async () => {
    const before = await snapshot();
    const response = await respond(admin, 'customer', { dispute_ids: [1, 5, 2, 7], action: 'close' });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('errors.disputes.ineligible');
    expect(meta(response)).toEqual({ ineligible_dispute_ids: [5, 7] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses expired and closed disputes, and actions the status does not allow', async () => {
    const before = await snapshot();
    expect(meta(await respond(admin, 'customer', { dispute_ids: [4], action: 'respond_to_merchant' }))).toEqual({
      ineligible_dispute_ids: [4],
    });
    expect(meta(await respond(admin, 'customer', { dispute_ids: [7], action: 'respond_to_merchant' }))).toEqual({
      ineligible_dispute_ids: [7],
    });
    expect(meta(await respond(admin, 'customer', { dispute_ids: [1], action: 'escalate' }))).toEqual({ ineligible_dispute_ids: [1] });
    expect(meta(await respond(dealer, 'merchant', { dispute_ids: [3], action: 'respond_to_customer' }))).toEqual({
      ineligible_dispute_ids: [3],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses disputes out of scope and bad bodies', async () => {
    const before = await snapshot();
    const corporate = await signedIn('corporate');
    const other = await respond(corporate, 'customer', { dispute_ids: [8, 9], action: 'close' });
    expect([other.statusCode, errorCode(other), meta(other)]).toEqual([404, 'errors.request.notFound', { dispute_ids: [9] }]);
    const blank = await respond(admin, 'customer', { dispute_ids: [1], action: 'close', comment: ' ' });
    expect([blank.statusCode, errorCode(blank), meta(blank)]).toEqual([400, 'errors.validation.required', { field: 'comment' }]);
    expect((await respond(admin, 'customer', { dispute_ids: [1], action: 'respond_to_customer' })).statusCode).toBe(400);
    expect((await respond(admin, 'customer', { dispute_ids: [], action: 'close' })).statusCode).toBe(400);
    expect(errorCode(await admin.post('/ecaas/customer-dispute-response', { dispute_ids: [1], action: 'close' }))).toBe(
      'errors.validation.required',
    );
    expect(await snapshot()).toEqual(before);
  });

  it("lets a dealer respond to the customer on their merchants' disputes", async () => {
    const responses = await tableCount('dispute_responses');
    const before = await counts(dealer, '/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2001');
    const response = await respond(dealer, 'merchant', {
      dispute_ids: [1, 2],
      action: 'respond_to_customer',
      comment: 'Contract price applied; see credit note.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(list(response).data.map((row) => [row.id, row.attributes.status, row.attributes.days_left_to_respond])).toEqual([
      ['1', 'waiting on customer', 10],
      ['2', 'waiting on customer', 10],
    ]);
    expect(await tableCount('dispute_responses')).toBe(responses + 2);
    const comments = list(await admin.get('/ecaas/customer-dispute-response?filter[dispute_id]=1&filter[sort]=comment_date|desc'));
    expect(comments.data[0]?.attributes).toMatchObject({
      side: 'merchant',
      action: 'respond_to_customer',
      dispute_action_description: 'Respond to customer',
      comment: 'Contract price applied; see credit note.',
      responded_by: 'Derek Mills',
    });
    const after = (await counts(dealer, '/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2001')).status_counts as Record<
      string,
      number
    >;
    const was = before.status_counts as Record<string, number>;
    expect([after.open, after['waiting on customer'], after.closed]).toEqual([was.open! - 2, was['waiting on customer']! + 2, was.closed]);
  });

  it('lets the customer admin escalate, and closing restores the invoice', async () => {
    const escalated = await respond(admin, 'customer', { dispute_ids: [1], action: 'escalate', comment: 'We disagree.' });
    expect(list(escalated).data[0]?.attributes).toMatchObject({ status: 'escalated', allowed_responses: ['close'] });
    const before = await counts(admin, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001');
    const closed = await respond(admin, 'customer', { dispute_ids: [2], action: 'close', comment: 'Resolved with the credit note.' });
    expect(list(closed).data[0]?.attributes).toMatchObject({
      status: 'closed',
      expired: false,
      days_left_to_respond: null,
      closed_at: START.replace('Z', '.000Z'),
    });
    const invoice = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', invoiceFor('dispute2')).executeTakeFirstOrThrow();
    // Due 4 days after today and still owed: back to Billed, nothing disputed.
    expect([invoice.status, invoice.disputed_total_minor, invoice.current_due_minor]).toEqual(['Billed', 0, invoice.amount_minor]);
    const after = await counts(admin, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001');
    expect([after.open_disputes, after.closed_disputes]).toEqual([Number(before.open_disputes) - 1, Number(before.closed_disputes) + 1]);
    const audit = await api.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'dispute')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'dispute.close', entity_id: '2' });
  });
});

describe('expiry follows the clock', () => {
  it('a dispute expires once its response time passes, and then takes no response', async () => {
    // Dispute 8 (C-1002) is due 7 days after today at 23:00 UTC.
    const corporate = await signedIn('corporate');
    const url = '/ecaas/customer-disputes?filter[buid_customer]=C-1002';
    expect(list(await corporate.get(url)).data[0]?.attributes).toMatchObject({
      expired: false,
      days_left_to_respond: 7,
      allowed_responses: ['respond_to_merchant', 'close'],
    });
    try {
      api.clock.set('2026-11-30T22:59:00Z');
      const early = await signedIn('corporate');
      expect(list(await early.get(url)).data[0]?.attributes).toMatchObject({ expired: false, days_left_to_respond: 0 });
      api.clock.set('2026-11-30T23:01:00Z');
      const late = await signedIn('corporate');
      expect(list(await late.get(url)).data[0]?.attributes).toMatchObject({
        expired: true,
        days_left_to_respond: 0,
        allowed_responses: [],
      });
      expect(ids(await late.get(`${url}&filter[expired]=true`))).toEqual([8]);
      expect(await counts(late, '/ecaas/customer-dispute/count?filter[buid_customer]=C-1002')).toMatchObject({ expired_disputes: 1 });
      const before = await snapshot();
      const refused = await late.post('/ecaas/customer-dispute-response', { dispute_ids: [8], action: 'close', comment: 'Too late.' });
      expect([refused.statusCode, errorCode(refused), meta(refused)]).toEqual([
        422,
        'errors.disputes.ineligible',
        { ineligible_dispute_ids: [8] },
      ]);
      expect(await snapshot()).toEqual(before);
    } finally {
      api.clock.set(START);
    }
  });
});
