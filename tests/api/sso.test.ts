import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { DEMO_PASSWORD, errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => { api = await startTestApi({ bigCustomerInvoices: 10 }); });
afterAll(async () => { await api?.close(); });

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Runs the browser's part of the hand-off: start, the provider's page, its sign-in, back to the portal. */
async function ssoFlow(client: ApiClient, username: string, password = DEMO_PASSWORD) {
  const start = await client.post('/auth/sso/start', { username });
  expect(start.statusCode).toBe(200);
  const redirect = (start.json() as { meta: { redirect: string } }).meta.redirect;
  expect(redirect).toMatch(/^\/sso\/idp\/demo-idp\/authorize\?request=/);
  const page = await client.get(redirect, { accept: 'text/html' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<form method="post"');
  const request = new URL(redirect, 'http://localhost').searchParams.get('request')!;
  const signIn = await client.request('POST', redirect.split('?')[0]!, new URLSearchParams({ request, password }).toString(), FORM);
  if (signIn.statusCode !== 303) return { signIn };
  const callback = await client.get(String(signIn.headers.location), { accept: 'text/html' });
  return { signIn, callback };
}

const loggedInAs = async (client: ApiClient) => {
  const self = (await client.get('/self')).json() as { data: { attributes: { session_data: { logged_in: boolean }; username?: string } } };
  return self.data.attributes.session_data.logged_in ? self.data.attributes.username : undefined;
};

describe('single sign-on for users of SSO groups', () => {
  it('refuses a password sign-in for an SSO user', async () => {
    expect(errorCode(await api.client().login('ssouser'))).toBe(ErrorCode.ssoRequired);
  });

  it('signs an SSO user in through the identity provider', async () => {
    const client = api.client();
    const { signIn, callback } = await ssoFlow(client, 'ssouser');
    expect(signIn.statusCode).toBe(303);
    expect(String(signIn.headers.location)).toMatch(/^\/auth\/sso\/callback\?assertion=/);
    expect(callback!.statusCode).toBe(303);
    expect(callback!.headers.location).toBe('/');
    expect(String(callback!.headers['set-cookie'])).toMatch(/portal_session=[^;]+;.*HttpOnly/i);
    expect(await loggedInAs(client)).toBe('ssouser');
    const audit = await api.db.selectFrom('audit_log').select('action').where('action', '=', 'login_sso').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('keeps the user at the provider when the provider refuses the password', async () => {
    const client = api.client();
    const { signIn, callback } = await ssoFlow(client, 'ssouser', 'wrong-password');
    expect(signIn.statusCode).toBe(401);
    expect(callback).toBeUndefined();
    expect(await loggedInAs(client)).toBeUndefined();
  });

  it('does not let a user outside an SSO group in by SSO: the provider refuses even the right password (issue 12)', async () => {
    const client = api.client();
    const { signIn, callback } = await ssoFlow(client, 'payer');
    // Else the provider would tell anyone whether a portal user's password is right, past the sign-in's limits.
    const wrong = await ssoFlow(api.client(), 'payer', 'wrong-password');
    expect([signIn.statusCode, wrong.signIn.statusCode]).toEqual([401, 401]);
    // The same page apart from the signed request it carries back and the response's CSP nonce.
    const page = (body: string) => body.replace(/name="request" value="[^"]*"/, '').replace(/nonce="[^"]*"/g, '');
    expect(page(signIn.body)).toBe(page(wrong.signIn.body));
    expect(callback).toBeUndefined();
    expect(await loggedInAs(client)).toBeUndefined();
  });

  it('refuses an assertion replayed without the browser\'s state cookie or tampered with', async () => {
    const client = api.client();
    const { signIn } = await ssoFlow(client, 'ssouser').catch(() => ({ signIn: undefined }));
    const location = String(signIn!.headers.location);
    const stranger = api.client();
    expect(String((await stranger.get(location)).headers.location)).toMatch(/sso_error/);
    expect(await loggedInAs(stranger)).toBeUndefined();
    const tampered = location.replace(/assertion=([^.]+)/, (_m, body: string) => `assertion=${body.slice(0, -2)}xx`);
    const again = api.client();
    await again.post('/auth/sso/start', { username: 'ssouser' });
    expect(String((await again.get(tampered)).headers.location)).toMatch(/sso_error/);
  });

  it('tells a locked SSO user so and starts no session', async () => {
    await api.db.updateTable('users').set({ lock_state: 'locked_by_admin' }).where('username', '=', 'ssouser').execute();
    try {
      const client = api.client();
      const { callback } = await ssoFlow(client, 'ssouser');
      expect(String(callback!.headers.location)).toContain(encodeURIComponent(ErrorCode.lockedByAdmin));
      expect(await loggedInAs(client)).toBeUndefined();
    } finally {
      await api.db.updateTable('users').set({ lock_state: null }).where('username', '=', 'ssouser').execute();
    }
  });

  it('answers the start alike for unknown users', async () => {
    const response = await api.client().post('/auth/sso/start', { username: 'nobody-here' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { meta: { redirect: string } }).meta.redirect).toMatch(/^\/sso\/idp\/demo-idp\//);
  });
});
