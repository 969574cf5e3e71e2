import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { MAX_JSON_DEPTH } from '../../server/http/json-body.ts';
import { type ApiClient, errorCode, startTestApi, type TestApi } from '../support/api.ts';

/** Issue 22: malformed requests get a translated JSON:API 4xx, never a 500 or Fastify's own error body. */
let api: TestApi;
let signedIn: ApiClient;
/** Lines the server logged at level error (50) or above. */
const errorLines: string[] = [];

beforeAll(async () => {
  api = await startTestApi({
    logStream: {
      write: (line) => {
        if ((JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line);
      },
    },
  });
  signedIn = api.client();
  await signedIn.loginWithCustomer('admin', 'C-1001');
});
afterAll(async () => {
  await api?.close();
});

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('deeply nested JSON (item 4)', () => {
  it('refuses an 8,000-deep array of 16 KB to /auth/login without a session: 400, nothing logged as an error', async () => {
    const body = nestedArrays(8_000);
    expect(body.length).toBeLessThan(16_384);
    const response = await api.client().post('/auth/login', body, { 'content-type': 'application/json' });
    expect([response.statusCode, errorCode(response)]).toEqual([400, ErrorCode.nestingTooDeep]);
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(errorLines).toEqual([]);
  });

  it('refuses deep arrays and objects from a signed-in user, as JSON and as JSON:API', async () => {
    for (const contentType of ['application/json', 'application/vnd.api+json']) {
      for (const body of [nestedArrays(MAX_JSON_DEPTH + 1), nestedObjects(10_000)]) {
        const response = await signedIn.post('/session_data', body, { 'content-type': contentType });
        expect([response.statusCode, errorCode(response)]).toEqual([400, ErrorCode.nestingTooDeep]);
      }
    }
    expect(errorLines).toEqual([]);
  });

  it('reads a body at the cap, and brackets inside strings do not count', async () => {
    const atCap = await signedIn.post('/session_data', nestedArrays(MAX_JSON_DEPTH), { 'content-type': 'application/json' });
    expect([atCap.statusCode, errorCode(atCap)]).toEqual([400, ErrorCode.invalidRequest]);
    const bracketsInText = await api.client().post('/auth/login', { username: '['.repeat(90), password: '{'.repeat(200) });
    expect([bracketsInText.statusCode, errorCode(bracketsInText)]).toEqual([401, ErrorCode.credentialsInvalid]);
  });
});

describe('every refusal of the framework is a translated JSON:API error (item 11)', () => {
  interface Odd {
    what: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    body?: string;
    contentType?: string;
    status: number;
    code: string;
  }
  const odd: Odd[] = [
    { what: 'bad UTF-8 in a path parameter', method: 'GET', url: '/invoices/%C3%28', status: 400, code: ErrorCode.invalidUrl },
    { what: 'bad percent-encoding in a path parameter', method: 'GET', url: '/invoices/%E0%A4%A', status: 400, code: ErrorCode.invalidUrl },
    { what: 'bad percent-encoding outside a parameter', method: 'GET', url: '/%invoices', status: 400, code: ErrorCode.invalidUrl },
    { what: 'an over-long path parameter', method: 'GET', url: `/invoices/${'x'.repeat(1_000)}`, status: 414, code: ErrorCode.uriTooLong },
    {
      what: 'an over-long path parameter to a write',
      method: 'POST',
      url: `/users/${'1'.repeat(1_000)}/lock`,
      body: '{}',
      contentType: 'application/json',
      status: 414,
      code: ErrorCode.uriTooLong,
    },
    { what: 'no such route', method: 'GET', url: '/no-such-route', status: 404, code: ErrorCode.notFound },
    {
      what: 'a method the route lacks',
      method: 'PUT',
      url: '/invoices',
      body: '{}',
      contentType: 'application/json',
      status: 404,
      code: ErrorCode.notFound,
    },
    {
      what: 'an unsupported media type',
      method: 'POST',
      url: '/auth/login',
      body: 'username=a',
      contentType: 'text/plain',
      status: 415,
      code: ErrorCode.unsupportedMediaType,
    },
    {
      what: 'bad JSON',
      method: 'POST',
      url: '/auth/login',
      body: '{"username":',
      contentType: 'application/json',
      status: 400,
      code: ErrorCode.invalidRequest,
    },
    {
      what: 'an empty JSON body',
      method: 'POST',
      url: '/auth/login',
      body: '',
      contentType: 'application/json',
      status: 400,
      code: ErrorCode.invalidRequest,
    },
    {
      what: 'a JSON body past the limit',
      method: 'POST',
      url: '/auth/login',
      body: JSON.stringify({ username: 'u'.repeat(100_000) }),
      contentType: 'application/json',
      status: 413,
      code: ErrorCode.payloadTooLarge,
    },
  ];

  for (const request of odd) {
    it(`${request.what}: ${request.status} ${request.code}`, async () => {
      const headers: Record<string, string> = request.contentType ? { 'content-type': request.contentType } : {};
      for (const client of [api.client(), signedIn]) {
        const response = await client.request(request.method, request.url, request.body, headers);
        expect([response.statusCode, errorCode(response)]).toEqual([request.status, request.code]);
        expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
        // The router's own refusals skip onSend; they carry every response's headers all the same.
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  }
});

describe('huge integers in id fields (item 8)', () => {
  /** Past PostgreSQL's bigint and JavaScript's safe integers; JSON.stringify cannot write it exactly, so bodies are text. */
  const HUGE = '100000000000000000000';

  it('refuses them in every id list and id field with 400 and the field as pointer, changing nothing', async () => {
    const dealer = api.client();
    await dealer.login('dealer');
    const group = await api.db.selectFrom('user_groups').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const before = await api.db.selectFrom('users').select(['user_id', 'user_group_id']).orderBy('user_id').execute();
    const cases: Array<[ApiClient, 'POST' | 'PATCH' | 'DELETE', string, string, string]> = [
      [dealer, 'POST', '/rejections/cancel', `{"rejection_ids":[${HUGE}]}`, '/rejection_ids/0'],
      [dealer, 'POST', '/rejections/resubmit', `{"rejection_ids":[${HUGE}]}`, '/rejection_ids/0'],
      [signedIn, 'POST', '/ecaas/customer-dispute-response', `{"dispute_ids":[${HUGE}],"action":"close","comment":"x"}`, '/dispute_ids/0'],
      [dealer, 'POST', '/ecaas/merchant-dispute-response', `{"dispute_ids":[${HUGE}],"action":"close","comment":"x"}`, '/dispute_ids/0'],
      [signedIn, 'POST', `/user-groups/${group.id}/users`, `{"user_ids":[${HUGE}]}`, '/user_ids/0'],
      [signedIn, 'POST', `/user-groups/${group.id}/users`, `{"user_id":${HUGE}}`, '/user_id'],
      [signedIn, 'POST', '/user-groups', `{"name":"Huge parent","parent_group_id":${HUGE}}`, '/parent_group_id'],
      [signedIn, 'PATCH', `/user-groups/${group.id}`, `{"parent_group_id":${HUGE}}`, '/parent_group_id'],
      [
        signedIn,
        'POST',
        '/users',
        `{"username":"huge.group","email_address":"huge@example.com","role":"Payer","first_name":"H","last_name":"G","user_group_id":${HUGE}}`,
        '/user_group_id',
      ],
      [signedIn, 'POST', '/ecaas/cards/view-secure', `{"buid_customer":"C-1001","card_id":${HUGE}}`, '/card_id'],
      [signedIn, 'DELETE', '/merchant-invoice-documents', `{"document_id":${HUGE}}`, '/document_id'],
    ];
    const answers: string[] = [];
    for (const [client, method, url, body] of cases) {
      const response = await client.request(method, url, body, { 'content-type': 'application/json' });
      const pointer = (response.json() as { errors?: Array<{ source?: { pointer?: string } }> }).errors?.[0]?.source?.pointer;
      answers.push(`${method} ${url}: ${response.statusCode} ${errorCode(response)} ${pointer}`);
    }
    expect(answers).toEqual(cases.map(([, method, url, , pointer]) => `${method} ${url}: 400 ${ErrorCode.invalidRequest} ${pointer}`));
    expect(await api.db.selectFrom('users').select(['user_id', 'user_group_id']).orderBy('user_id').execute()).toEqual(before);
  });
});
