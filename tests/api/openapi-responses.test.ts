import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_OPERATOR_KEY, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * Every GET operation of /openapi.json, called as a demo user who may use it with seeded ids,
 * and its real response validated against the documented schema (attributes are
 * additionalProperties: false, so an undocumented attribute fails as a missing one does).
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

type Who = 'anonymous' | 'admin' | 'payer' | 'dealer' | 'operator';
interface Call {
  who: Who;
  url: string;
}

let api: TestApi;
let document: OpenApiDocument;
const clients = new Map<Who, ApiClient>();
let plan: Record<string, Call>;

async function signedIn(who: Who): Promise<ApiClient> {
  const known = clients.get(who);
  if (known) return known;
  const client = api.client();
  if (who === 'admin' || who === 'payer') await client.loginWithCustomer(who, 'C-1001');
  if (who === 'dealer') await client.login(who);
  clients.set(who, client);
  return client;
}

/** A seeded row's value, read straight from the database. */
async function first<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (row === undefined) throw new Error(`no seeded ${what}`);
  return row;
}

async function seededIds() {
  const { db } = api;
  const invoice = await first(
    db.selectFrom('invoices').select('trx_id').where('buid_customer', '=', 'C-1001').orderBy('trx_id').limit(1).execute(),
    'invoice',
  );
  const address = (kind: 'billing' | 'shipping' | 'merchant') =>
    first(
      db
        .selectFrom('addresses')
        .innerJoin('invoices', 'invoices.trx_id', 'addresses.trx_id')
        .select('addresses.trx_id')
        .where('addresses.kind', '=', kind)
        .where('invoices.buid_customer', '=', 'C-1001')
        .orderBy('addresses.trx_id')
        .limit(1)
        .execute(),
      `${kind} address`,
    );
  const lines = (customer: string) =>
    first(
      db
        .selectFrom('invoice_line_items')
        .innerJoin('invoices', 'invoices.trx_id', 'invoice_line_items.trx_id')
        .select('invoice_line_items.trx_id')
        .where('invoices.buid_customer', '=', customer)
        .orderBy('invoice_line_items.trx_id')
        .limit(1)
        .execute(),
      `${customer} line items`,
    );
  const document = await first(
    db
      .selectFrom('invoice_documents')
      .innerJoin('invoices', 'invoices.trx_id', 'invoice_documents.trx_id')
      .select(['invoice_documents.document_id', 'invoice_documents.trx_id'])
      .where('invoices.buid_customer', '=', 'C-1001')
      .orderBy('document_id')
      .limit(1)
      .execute(),
    'document',
  );
  const account = await first(
    db
      .selectFrom('bank_accounts')
      .select('id')
      .where('buid_customer', '=', 'C-1001')
      .where('removed_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .execute(),
    'bank account',
  );
  const program = await first(
    db.selectFrom('loyalty_programs').select('program_id').orderBy('program_id').limit(1).execute(),
    'loyalty program',
  );
  // Disputes with responses, so the response lists and the detail's responses are not empty.
  const answered = (column: 'buid_customer' | 'buid_merchant', ids: string[]) =>
    first(
      db
        .selectFrom('disputes')
        .innerJoin('dispute_responses', 'dispute_responses.dispute_id', 'disputes.dispute_id')
        .select('disputes.dispute_id')
        .where(`disputes.${column}`, 'in', ids)
        .orderBy('disputes.dispute_id')
        .limit(1)
        .execute(),
      `answered dispute of ${ids.join()}`,
    );
  const customerDispute = await answered('buid_customer', ['C-1001']);
  const merchantDispute = await answered('buid_merchant', ['M-2001', 'M-2002']);
  const payable = await first(
    db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_customer', '=', 'C-1001')
      .where('status', 'in', ['Billed', 'Past Due'])
      .where('current_due_minor', '>', 0)
      .orderBy('trx_id')
      .limit(1)
      .execute(),
    'payable invoice',
  );
  // A dispute with a supporting document (issue 14: the documents list and download), on both sides.
  const disputeDocument = await first(
    db
      .selectFrom('dispute_documents')
      .innerJoin('disputes', 'disputes.dispute_id', 'dispute_documents.dispute_id')
      .select(['dispute_documents.id', 'disputes.dispute_id', 'disputes.trx_id'])
      .where('disputes.buid_customer', '=', 'C-1001')
      .where('disputes.buid_merchant', 'in', ['M-2001', 'M-2002'])
      .orderBy('dispute_documents.id')
      .limit(1)
      .execute(),
    'dispute document',
  );
  return { invoice, address, lines, document, account, program, customerDispute, merchantDispute, payable, disputeDocument };
}

/** A payment of the payer's, made through the API (the seed has none). */
async function paymentId(invoice: string, account: number): Promise<string> {
  const payer = await signedIn('payer');
  const response = await payer.post(
    '/payments',
    { mode: 'INDIVIDUAL_ACCOUNT', method: 'bank', invoices: [invoice], bank_account_id: String(account), terms_accepted: true },
    { 'idempotency-key': randomUUID() },
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: string } }).data.id;
}

/** The seeded notification whose attachment the portal serves (server/db/seed/programs.ts). */
async function notificationWithFile(): Promise<number> {
  const row = await api.db
    .selectFrom('notifications')
    .select('id')
    .where('text_title', '=', 'New payment options')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: 20 });
  document = (await api.client().get('/openapi.json')).json() as OpenApiDocument;
  const ids = await seededIds();
  const billing = await ids.address('billing');
  const shipping = await ids.address('shipping');
  const merchantAddress = await ids.address('merchant');
  const demoLines = await ids.lines('C-1001');
  plan = {
    '/self': { who: 'admin', url: '/self' },
    '/feature-flags/{hostname}': { who: 'anonymous', url: '/feature-flags/localhost.json' },
    '/config': { who: 'anonymous', url: '/config' },
    '/health/live': { who: 'anonymous', url: '/health/live' },
    '/health/ready': { who: 'anonymous', url: '/health/ready' },
    '/config-secure': { who: 'admin', url: '/config-secure' },
    '/ecaas/locales': { who: 'admin', url: '/ecaas/locales' },
    '/auth/sso/callback': { who: 'anonymous', url: '/auth/sso/callback?code=not-issued&state=not-started' },
    '/customers': { who: 'admin', url: '/customers' },
    '/locations': { who: 'admin', url: '/locations' },
    '/merchants': { who: 'admin', url: '/merchants' },
    '/exposures': { who: 'admin', url: '/exposures?page[size]=2' },
    '/customer-sub-accounts': { who: 'admin', url: '/customer-sub-accounts?filter[buid_customer]=C-1001' },
    '/invoices': { who: 'admin', url: '/invoices?page[size]=20' },
    '/invoices.csv': { who: 'admin', url: '/invoices.csv' },
    '/invoices/{trx_id}': { who: 'admin', url: `/invoices/${ids.invoice.trx_id}` },
    '/billing-addresses': { who: 'admin', url: `/billing-addresses?filter[trx_id]=${billing.trx_id}` },
    '/shipping-addresses': { who: 'admin', url: `/shipping-addresses?filter[trx_id]=${shipping.trx_id}` },
    '/merchant-addresses': { who: 'admin', url: `/merchant-addresses?filter[trx_id]=${merchantAddress.trx_id}` },
    '/details': { who: 'dealer', url: `/details?filter[trx_id]=${demoLines.trx_id}` },
    '/ecaas/invoice-details': { who: 'admin', url: `/ecaas/invoice-details?filter[trx_id]=${demoLines.trx_id}` },
    '/merchant-invoice-documents': { who: 'admin', url: `/merchant-invoice-documents?filter[trx_id]=${ids.document.trx_id}` },
    '/merchant-invoice-documents/{document_id}/content': {
      who: 'admin',
      url: `/merchant-invoice-documents/${ids.document.document_id}/content`,
    },
    '/document-types': { who: 'admin', url: '/document-types' },
    '/ecaas/notifications': { who: 'admin', url: '/ecaas/notifications' },
    '/ecaas/notifications/{id}/attachments/{index}': {
      who: 'admin',
      url: `/ecaas/notifications/${await notificationWithFile()}/attachments/0`,
    },
    '/customer-dispute-reasons': { who: 'admin', url: '/customer-dispute-reasons' },
    '/ecaas/user-group-contacts': { who: 'admin', url: '/ecaas/user-group-contacts' },
    '/customer-dispute-ineligible-trxs': {
      who: 'admin',
      url: `/customer-dispute-ineligible-trxs?filter[trx_id]=${ids.invoice.trx_id},${ids.payable.trx_id}`,
    },
    '/ecaas/customer-dispute/count': { who: 'admin', url: '/ecaas/customer-dispute/count?filter[buid_customer]=C-1001' },
    '/ecaas/customer-disputes': { who: 'admin', url: '/ecaas/customer-disputes' },
    '/ecaas/customer-disputes/{dispute_id}': { who: 'admin', url: `/ecaas/customer-disputes/${ids.customerDispute.dispute_id}` },
    '/ecaas/customer-dispute-response': {
      who: 'admin',
      url: `/ecaas/customer-dispute-response?filter[dispute_id]=${ids.customerDispute.dispute_id}`,
    },
    '/ecaas/merchant-dispute/count': { who: 'dealer', url: '/ecaas/merchant-dispute/count?filter[buid_merchant]=M-2001' },
    '/ecaas/merchant-disputes': { who: 'dealer', url: '/ecaas/merchant-disputes' },
    '/ecaas/merchant-disputes/{dispute_id}': { who: 'dealer', url: `/ecaas/merchant-disputes/${ids.merchantDispute.dispute_id}` },
    '/ecaas/merchant-dispute-response': {
      who: 'dealer',
      url: `/ecaas/merchant-dispute-response?filter[dispute_id]=${ids.merchantDispute.dispute_id}`,
    },
    '/ecaas/customer-dispute-documents': {
      who: 'admin',
      url: `/ecaas/customer-dispute-documents?filter[dispute_id]=${ids.disputeDocument.dispute_id}`,
    },
    '/ecaas/merchant-dispute-documents': {
      who: 'dealer',
      url: `/ecaas/merchant-dispute-documents?filter[dispute_id]=${ids.disputeDocument.dispute_id}`,
    },
    '/ecaas/customer-disputes.csv': { who: 'admin', url: '/ecaas/customer-disputes.csv' },
    '/ecaas/merchant-disputes.csv': { who: 'dealer', url: '/ecaas/merchant-disputes.csv' },
    '/ecaas/customer-disputes/by-transaction/{trx_id}': {
      who: 'admin',
      url: `/ecaas/customer-disputes/by-transaction/${ids.disputeDocument.trx_id}`,
    },
    '/ecaas/merchant-disputes/by-transaction/{trx_id}': {
      who: 'dealer',
      url: `/ecaas/merchant-disputes/by-transaction/${ids.disputeDocument.trx_id}`,
    },
    '/ecaas/customer-disputes/{dispute_id}/documents/{document_id}/content': {
      who: 'admin',
      url: `/ecaas/customer-disputes/${ids.disputeDocument.dispute_id}/documents/${ids.disputeDocument.id}/content`,
    },
    '/ecaas/merchant-disputes/{dispute_id}/documents/{document_id}/content': {
      who: 'dealer',
      url: `/ecaas/merchant-disputes/${ids.disputeDocument.dispute_id}/documents/${ids.disputeDocument.id}/content`,
    },
    '/rejections': { who: 'admin', url: '/rejections' },
    '/ecaas/cards': { who: 'admin', url: '/ecaas/cards' },
    '/ecaas/customer-currencies': { who: 'admin', url: '/ecaas/customer-currencies' },
    '/ecaas/user-currencies': { who: 'admin', url: '/ecaas/user-currencies' },
    '/ecaas/merchant-currencies': { who: 'dealer', url: '/ecaas/merchant-currencies?filter[buid_merchant]=M-2001' },
    '/merchant-figures': { who: 'dealer', url: '/merchant-figures' },
    '/ecaas/merchant-customers': { who: 'dealer', url: '/ecaas/merchant-customers?filter[buid_merchant]=M-2001' },
    '/ecaas/merchant-invoices/{trx_id}': { who: 'dealer', url: '/ecaas/merchant-invoices/T-1001-0001' },
    '/ecaas/merchant-invoice-imports/template': { who: 'dealer', url: '/ecaas/merchant-invoice-imports/template' },
    '/ecaas/customer-banking-countries/{customer}': { who: 'admin', url: '/ecaas/customer-banking-countries/C-1001' },
    '/bank-accounts': { who: 'admin', url: '/bank-accounts' },
    '/bank-accounts/{id}': { who: 'admin', url: `/bank-accounts/${ids.account.id}` },
    '/customer-loyalty-program-enrollments': { who: 'admin', url: '/customer-loyalty-program-enrollments' },
    '/customer-loyalty-milestones': { who: 'admin', url: `/customer-loyalty-milestones?filter[program_id]=${ids.program.program_id}` },
    '/payment-options': { who: 'payer', url: '/payment-options' },
    '/payments/{id}': { who: 'payer', url: `/payments/${await paymentId(ids.payable.trx_id, ids.account.id)}` },
    // Issue 17: users and user groups.
    '/users': { who: 'admin', url: '/users' },
    '/users/{id}': {
      who: 'admin',
      url: `/users/${(await first(api.db.selectFrom('users').select('user_id').where('username', '=', 'payer').execute(), 'payer')).user_id}`,
    },
    '/user-groups': { who: 'admin', url: '/user-groups' },
    '/identity-providers': { who: 'admin', url: '/identity-providers' },
    '/user-credentials/export': { who: 'admin', url: '/user-credentials/export' },
    '/user-credentials/template': { who: 'admin', url: '/user-credentials/template' },
    '/user-groups/{id}': {
      who: 'admin',
      url: `/user-groups/${(await first(api.db.selectFrom('user_groups').select('id').where('name', '=', 'Headquarters').execute(), 'group')).id}`,
    },
    // Issue 26: the application centre (the seed's application 1 has a document) and the operator's API.
    '/credit-applications': { who: 'payer', url: '/credit-applications' },
    '/credit-applications/{application_id}': { who: 'payer', url: '/credit-applications/1' },
    '/credit-application-documents/{document_id}/content': { who: 'payer', url: '/credit-application-documents/1/content' },
    '/operator/credit-applications': { who: 'operator', url: '/operator/credit-applications' },
    '/operator/credit-applications/{application_id}': { who: 'operator', url: '/operator/credit-applications/1' },
  };
}, 180_000);
afterAll(async () => {
  await api?.close();
});

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);

/** The schema the document gives the response of this operation, status and media type. */
function documented(path: string, status: number, mediaType: string) {
  const responses = document.paths[path]!.get!.responses;
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX`;
  const content = responses[key]?.content ?? {};
  // A documented media type matches exactly, or as a range (image/*, */*).
  const hasMedia = mediaType in content || `${mediaType.split('/')[0]}/*` in content || '*/*' in content;
  return {
    key,
    described: responses[key] !== undefined,
    hasMedia,
    schemaPointer: `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/${key}/content/${mediaType.replaceAll('/', '~1')}/schema`,
    hasSchema: content[mediaType]?.schema !== undefined,
  };
}

function validate(path: string, response: LightMyRequestResponse) {
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const { key, described, hasMedia, hasSchema, schemaPointer } = documented(path, response.statusCode, mediaType);
  expect(described, `${path}: status ${response.statusCode} is not documented`).toBe(true);
  // A redirect or an empty answer: documented without content.
  if (response.body === '' && document.paths[path]!.get!.responses[key]!.content === undefined) return;
  expect(hasMedia, `${path}: ${mediaType} is not documented for ${key}`).toBe(true);
  if (!mediaType.includes('json')) return;
  expect(hasSchema, `${path}: no schema for ${key} ${mediaType}`).toBe(true);
  ajv.addSchema(document, 'openapi.json');
  const check = ajv.getSchema(`openapi.json${schemaPointer}`)!;
  ajv.removeSchema('openapi.json');
  const valid = check(response.json());
  expect(valid, `${path} ${key}: ${ajv.errorsText(check.errors, { separator: '\n' })}`).toBe(true);
}

describe('every GET operation answers as the OpenAPI document says', () => {
  it('calls each one', () => {
    const operations = Object.entries(document.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path)
      .sort();
    expect(operations.length).toBeGreaterThan(30);
    expect(Object.keys(plan).sort()).toEqual(operations);
  });

  it('validates every real response against its documented schema', async () => {
    const failures: string[] = [];
    for (const [path, { who, url }] of Object.entries(plan)) {
      const client = who === 'anonymous' || who === 'operator' ? api.client() : await signedIn(who);
      const response = await client.get(url, who === 'operator' ? { authorization: `Bearer ${TEST_OPERATOR_KEY}` } : undefined);
      try {
        expect(response.statusCode, `${path} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(
          path === '/auth/sso/callback' ? 400 : 300,
        );
        validate(path, response);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);
});
