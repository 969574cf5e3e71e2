import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterSource, findControlCharacter } from '../../server/http/control-characters.ts';
import { type ApiClient, errorCode, startTestApi, type TestApi } from '../support/api.ts';

/** Issue 12: a NUL (or another control character) anywhere in a request answers 4xx, never 5xx. */

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f'];
const REFUSED = 'errors.request.controlCharacter';

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string }>;
  bodyProperties: string[];
}

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        bodyProperties: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** The path with every {parameter} set to `value` (URL-encoded). */
const pathWith = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));

describe('control characters in any input', () => {
  let api: TestApi;
  let signedIn: ApiClient;
  let operations: Operation[];

  beforeAll(async () => {
    api = await startTestApi();
    signedIn = api.client();
    await signedIn.loginWithCustomer('admin', 'C-1001');
    operations = operationsOf((await api.client().get('/openapi.json')).json());
  });
  afterAll(async () => {
    await api.close();
  });

  it('finds the first forbidden string, keys included, and lets tabs and new lines through in bodies', () => {
    expect(findControlCharacter({ a: ['ok', { b: 'x\u0000' }] }, /\u0000/)).toBe('/a/1/b');
    expect(findControlCharacter({ 'k\u0001': 1 }, /\u0001/)).toBe('/k\u0001');
    expect(controlCharacterSource({ params: {}, query: {}, body: { description: 'line one\nline two\tend\r\n' } })).toBeUndefined();
    expect(controlCharacterSource({ params: {}, query: { 'filter[search]': 'a\tb' }, body: undefined })).toEqual({
      parameter: 'filter[search]',
    });
    expect(controlCharacterSource({ params: { trx_id: 'T\u0000' }, query: {}, body: undefined })).toEqual({ parameter: 'trx_id' });
  });

  it('refuses the examples of the probe with 400 and a translated code, signed in or not', async () => {
    const anonymous = api.client();
    const login = await anonymous.post('/auth/login', { username: 'x\u0000y', password: 'p' });
    expect(login.statusCode).toBe(400);
    expect(errorCode(login)).toBe(REFUSED);
    for (const [url, body] of [
      ['/auth/forgot-password', { username: 'ad\u0000min' }],
      ['/auth/forgot-username', { email: 'a\u0000@example.com' }],
      ['/auth/sso/start', { username: 'sso\u0000user' }],
    ] as const) {
      const response = await anonymous.post(url, body);
      expect([url, response.statusCode, errorCode(response)]).toEqual([url, 400, REFUSED]);
    }
    for (const url of [
      '/invoices?filter[search]=a%00',
      '/invoices.csv?filter[search]=a%00',
      '/invoices/T-1001-0001%00',
      '/customers?filter[buid_customer]=C%00',
    ]) {
      const response = await signedIn.get(url);
      expect([url, response.statusCode, errorCode(response)]).toEqual([url, 400, REFUSED]);
    }
    const dispute = await signedIn.post('/ecaas/disputes', { description: 'broken\u0000text' });
    expect([dispute.statusCode, errorCode(dispute)]).toEqual([400, REFUSED]);
  });

  it('answers below 500 for every operation of /openapi.json with control characters in path, query and body', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const operation of operations) {
      for (const character of CONTROL_CHARACTERS) {
        const bad = `a${character}b`;
        const attempts: Array<{ url: string; body?: Record<string, unknown> }> = [];
        if (operation.path.includes('{')) attempts.push({ url: pathWith(operation.path, bad) });
        const plainPath = pathWith(operation.path, '1');
        const queryNames = [
          ...operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
          'filter[search]',
        ];
        for (const name of queryNames) attempts.push({ url: `${plainPath}?${encodeURIComponent(name)}=${encodeURIComponent(bad)}` });
        if (operation.method !== 'GET') {
          for (const property of [...operation.bodyProperties, 'anything']) attempts.push({ url: plainPath, body: { [property]: bad } });
        }
        for (const attempt of attempts) {
          const response = await signedIn.request(operation.method as 'GET', attempt.url, attempt.body);
          if (response.statusCode < 400 || response.statusCode >= 500)
            failures.push(`${operation.method} ${attempt.url} ${JSON.stringify(attempt.body)} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
