/**
 * The session cache (server/auth/session-cache.ts): requests within a second share one read of
 * the session, user and scope, yet this server's own writes show at once and a change made
 * straight in the database (a support tool) within the cache's second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** Signs in with inject only, so the test holds the cookie as someone who copied it would. */
async function signIn(username: string): Promise<{ cookie: string; csrf: string }> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = (response.cookies as Array<{ name: string; value: string }>).map((set) => `${set.name}=${set.value}`).join('; ');
  return { cookie, csrf: (response.json() as { meta: { csrf_token: string } }).meta.csrf_token };
}

const get = (url: string, cookie: string) =>
  api.app.inject({ method: 'GET', url, headers: { host: 'localhost', cookie, accept: 'application/vnd.api+json' } });
const post = (url: string, cookie: string, csrf: string, payload: object = {}) =>
  api.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    payload,
  });
const loggedIn = async (cookie: string) =>
  (JSON.parse((await get('/self', cookie)).body) as { data: { attributes: { session_data: { logged_in: boolean } } } }).data.attributes
    .session_data.logged_in;
const customersListed = async (cookie: string) => [
  ...new Set(
    (
      JSON.parse((await get('/invoices?page[size]=100', cookie)).body) as { data: Array<{ attributes: { buidCustomer: string } }> }
    ).data.map((row) => row.attributes.buidCustomer),
  ),
];

describe('session cache', () => {
  it('ends a session at sign-out at once, even for a copied cookie', async () => {
    const { cookie, csrf } = await signIn('viewer');
    expect(await loggedIn(cookie)).toBe(true);
    expect((await post('/auth/logout', cookie, csrf)).statusCode).toBe(204);
    expect(await loggedIn(cookie)).toBe(false);
    expect((await get('/invoices', cookie)).statusCode).toBe(401);
  });

  it('lists the newly selected customer right after the selection', async () => {
    const { cookie, csrf } = await signIn('admin');
    for (const customer of ['C-1001', 'C-1002', 'C-1001']) {
      const selected = await post('/session_data', cookie, csrf, { sessionKeys: [{ key: 'customer_id', value: customer }] });
      expect(selected.statusCode, selected.body).toBe(200);
      expect(await customersListed(cookie)).toEqual([customer]);
    }
  });

  it('sees a lock written straight into the database within a second', async () => {
    const { cookie } = await signIn('safety');
    expect(await loggedIn(cookie)).toBe(true);
    await api.db.updateTable('users').set({ lock_state: 'locked_by_admin' }).where('username', '=', 'safety').execute();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await loggedIn(cookie)).toBe(false);
    } finally {
      await api.db.updateTable('users').set({ lock_state: null }).where('username', '=', 'safety').execute();
    }
  });
});
