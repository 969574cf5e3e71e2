import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits.ts';
import { STRICT_TRANSPORT_SECURITY } from '../../server/http/security-headers.ts';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/** Issue 12 defect 6: behind a TLS-terminating proxy, cookies are Secure and `__Host-` prefixed, and HSTS is sent. */
const PROXY = '10.9.8.7';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ trustProxy: [PROXY] });
});
afterAll(async () => {
  await api?.close();
});

/** A browser reaching the portal over https through the proxy at `address`. */
function behindProxy(address: string, client: ApiClient = api.client()): ApiClient {
  client.address = address;
  client.headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.23' };
  return client;
}

/** Whether /self sees a signed-in user (it answers 200 either way). */
async function signedIn(client: ApiClient): Promise<boolean> {
  const self = await client.get('/self');
  expect(self.statusCode, self.body).toBe(200);
  return (self.json() as { data: { attributes: { authenticated: boolean } } }).data.attributes.authenticated;
}

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header.map(String) : header === undefined ? [] : [String(header)];
}

describe('behind a trusted TLS proxy', () => {
  it('signs in with Secure __Host- cookies (Path=/, no Domain) and sends HSTS', async () => {
    const client = behindProxy(PROXY);
    const login = await client.login('payer');
    expect(login.statusCode, login.body).toBe(200);
    const cookies = setCookies(login);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-portal_(session|csrf)=[^;]+;/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
    }
    expect(cookies.find((cookie) => cookie.startsWith('__Host-portal_session='))).toMatch(/HttpOnly/);
    expect(login.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('reads the prefixed cookie: an authenticated read and a CSRF-checked write work, logout clears it', async () => {
    const client = behindProxy(PROXY);
    await client.login('payer');
    expect(await signedIn(client)).toBe(true);
    expect((await client.get('/self')).headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const select = await client.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1001' }] });
    expect(select.statusCode, select.body).toBe(200);
    const logout = await client.post('/auth/logout');
    expect(logout.statusCode).toBe(204);
    const cleared = setCookies(logout);
    expect(cleared.some((cookie) => /^__Host-portal_session=;.*Secure/.test(cookie))).toBe(true);
    expect(cleared.some((cookie) => /^__Host-portal_csrf=;.*Secure/.test(cookie))).toBe(true);
    expect(await signedIn(client)).toBe(false);
  });

  it('over TLS ignores an unprefixed session cookie (one planted over plain http)', async () => {
    const plain = api.client();
    plain.address = PROXY;
    await plain.login('payer');
    expect(await signedIn(plain)).toBe(true);
    // The same bare cookie on a TLS request must not count.
    plain.headers = { 'x-forwarded-proto': 'https' };
    expect(await signedIn(plain)).toBe(false);
    const write = await plain.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1001' }] });
    expect(write.statusCode).toBe(401);
  });

  it('throttles each forwarded client on its own (X-Forwarded-For), not the proxy as one', async () => {
    const first = behindProxy(PROXY);
    first.headers['x-forwarded-for'] = '198.51.100.40';
    const max = DEFAULT_RATE_LIMITS['POST /log']!;
    for (let index = 0; index < max; index += 1) await first.post('/log', { level: 'info', message: 'behind the proxy' });
    expect((await first.post('/log', { level: 'info', message: 'one too many' })).statusCode).toBe(429);
    const second = behindProxy(PROXY);
    second.headers['x-forwarded-for'] = '198.51.100.41';
    expect((await second.post('/log', { level: 'info', message: 'another browser' })).statusCode).toBe(204);
  });
});

describe('X-Forwarded-Proto from an untrusted address', () => {
  it('is ignored: plain cookies, no Secure, no HSTS', async () => {
    const client = behindProxy('203.0.113.5');
    const login = await client.login('payer');
    expect(login.statusCode, login.body).toBe(200);
    const cookies = setCookies(login);
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['portal_session', 'portal_csrf']);
    for (const cookie of cookies) expect(cookie).not.toMatch(/Secure/i);
    expect(login.headers['strict-transport-security']).toBeUndefined();
    expect(await signedIn(client)).toBe(true);
  });

  it('on plain http (no proxy header) the demo keeps its bare cookies', async () => {
    const client = api.client();
    const login = await client.login('payer');
    expect(setCookies(login).map((cookie) => cookie.split('=')[0])).toEqual(['portal_session', 'portal_csrf']);
    expect(login.headers['strict-transport-security']).toBeUndefined();
    expect(await signedIn(client)).toBe(true);
  });
});
