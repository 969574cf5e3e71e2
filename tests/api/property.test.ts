import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
let clients: ApiClient[];
let operations: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string }>;

const TABLES = [
  'invoices',
  'invoice_documents',
  'disputes',
  'dispute_responses',
  'dispute_contacts',
  'rejections',
  'cards',
  'bank_accounts',
  'payments',
  'payment_invoices',
  'users',
  'user_groups',
  'notifications',
  'loyalty_enrollments',
  'audit_log',
] as const;

/** A fingerprint of every business table: any write shows up as a changed digest. */
async function fingerprint(): Promise<string> {
  const parts = await Promise.all(
    TABLES.map(async (table) => {
      const row = await sql<{
        digest: string | null;
      }>`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(api.db);
      return `${table}:${row.rows[0]?.digest ?? 'empty'}`;
    }),
  );
  return parts.join(',');
}

beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: 50 });
  const anonymous = api.client();
  const payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
  const admin = api.client();
  await admin.loginWithCustomer('admin', 'C-1001');
  const dealer = api.client();
  await dealer.login('dealer');
  clients = [anonymous, payer, admin, dealer];
  const document = (await anonymous.get('/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter(() => !(path === '/auth/logout' || path === '/auth/login'))
      .map((method) => ({ method: method.toUpperCase() as 'GET', path })),
  );
});
afterAll(async () => {
  await api?.close();
});

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; drop table invoices; --',
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    'C-1002',
    'T-1002-0001',
    '-1',
    '0',
    '99999999999999999999',
    'null',
    '{}',
    '[]',
    'ä😀',
  ),
  fc.integer().map(String),
);
const filterNames = fc.constantFrom(
  'buid_customer',
  'buid_merchant',
  'trx_id',
  'status',
  'search',
  'sort',
  'sol_currency',
  'dispute_id',
  'program_id',
  'enrollment_status',
  'due_from',
  'amount_min',
  'unknown_filter',
);
const queryArb = fc.array(
  fc.tuple(
    fc.oneof(
      filterNames.map((name) => `filter[${name}]`),
      fc.constantFrom('page[number]', 'page[size]', 'x', 'filter'),
    ),
    hostile,
  ),
  { maxLength: 4 },
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const bodyArb = fc.oneof(
  jsonValue.map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.constantFrom(
        'trx_id',
        'invoice_ids',
        'dispute_ids',
        'rejection_ids',
        'document_id',
        'card_id',
        'buid_customer',
        'password',
        'sessionKeys',
        'files',
        'reason',
        'amount_minor',
      ),
      jsonValue,
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
);

function fillPath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value || 'x'));
}

describe('random input never breaks the API (fast-check)', () => {
  it('answers every endpoint with a non-5xx status, and a refused request writes nothing', async () => {
    expect(operations.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 10_000 }),
        fc.nat({ max: 3 }),
        queryArb,
        bodyArb,
        hostile,
        async (operationIndex, clientIndex, query, body, pathValue) => {
          const operation = operations[operationIndex % operations.length]!;
          const client = clients[clientIndex]!;
          const search = new URLSearchParams(query.map(([key, value]) => [key, value])).toString();
          const url = `${fillPath(operation.path, pathValue)}${search ? `?${search}` : ''}`;
          const before = operation.method === 'GET' ? '' : await fingerprint();
          const response = await client.request(operation.method, url, operation.method === 'GET' ? undefined : body, {
            'content-type': 'application/json',
          });
          expect(response.statusCode, `${operation.method} ${url} ${body}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            // The sandbox identity provider answers with its own HTML page; everything else with JSON:API.
            if (String(response.headers['content-type']).includes('json')) {
              expect((response.json() as { errors: Array<{ code: string }> }).errors[0]?.code, url).toMatch(/^errors\./);
            }
            if (operation.method !== 'GET') expect(await fingerprint(), `${operation.method} ${url} ${body}`).toBe(before);
          }
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 600),
        seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined,
      },
    );
  }, 300_000);
});
