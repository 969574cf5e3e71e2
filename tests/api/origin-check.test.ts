import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/** Issue 12 defect 9: a valid CSRF token does not make a write from a foreign site acceptable. */
const PROXY = '10.9.8.6';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ trustProxy: [PROXY] });
});
afterAll(async () => {
  await api?.close();
});

const selectCustomer = (client: ApiClient, headers: Record<string, string>) =>
  client.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1001' }] }, headers);

async function selectedCustomer(client: ApiClient): Promise<unknown> {
  const self = (await client.get('/self')).json() as { data: { attributes: { session_data: Record<string, unknown> } } };
  return self.data.attributes.session_data.customer_id ?? null;
}

describe('Origin and Referer of state-changing requests', () => {
  it('refuses a foreign Origin despite a valid CSRF token, and changes nothing', async () => {
    const client = api.client();
    await client.login('admin');
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'http://localhost:8081', 'null']) {
      const response = await selectCustomer(client, { origin });
      expect([response.statusCode, errorCode(response)], origin).toEqual([403, ErrorCode.foreignOrigin]);
      expect((response.json() as { errors: Array<{ source: unknown }> }).errors[0]?.source).toEqual({ header: 'origin' });
    }
    expect(await selectedCustomer(client)).toBeNull();
  });

  it('checks the Referer when Origin is absent', async () => {
    const client = api.client();
    await client.login('admin');
    const foreign = await selectCustomer(client, { referer: 'https://evil.example/page' });
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([403, ErrorCode.foreignOrigin]);
    expect((await selectCustomer(client, { referer: 'http://localhost/account/overview' })).statusCode).toBe(200);
  });

  it('accepts its own origin, and requests with neither header (API clients)', async () => {
    const client = api.client();
    await client.login('admin');
    expect((await selectCustomer(client, { origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await selectCustomer(client, { origin: 'http://LOCALHOST:80' })).statusCode).toBe(200);
    expect((await selectCustomer(client, {})).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in post with the same error', async () => {
    const response = await api
      .client()
      .post('/auth/login', { username: 'payer', password: 'Portal#2026' }, { origin: 'https://evil.example' });
    expect([response.statusCode, errorCode(response)]).toEqual([403, ErrorCode.foreignOrigin]);
  });

  it('over TLS (trusted proxy) wants the https origin', async () => {
    const client = api.client();
    client.address = PROXY;
    client.headers = { 'x-forwarded-proto': 'https' };
    expect((await client.login('admin')).statusCode).toBe(200);
    const plainPage = await selectCustomer(client, { origin: 'http://localhost' });
    expect([plainPage.statusCode, errorCode(plainPage)]).toEqual([403, ErrorCode.foreignOrigin]);
    expect((await selectCustomer(client, { origin: 'https://localhost' })).statusCode).toBe(200);
  });
});
