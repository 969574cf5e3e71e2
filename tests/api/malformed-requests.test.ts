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
  api = await startTestApi({ logStream: { write: (line) => { if ((JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line); } } });
  signedIn = api.client();
  await signedIn.loginWithCustomer('admin', 'C-1001');
});
afterAll(async () => { await api?.close(); });

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
