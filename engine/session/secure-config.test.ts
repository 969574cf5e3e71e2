import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfAttributes } from './types.ts';

/**
 * spec §7: GET /config-secure only when the tenant's loadSecure is set and the user is signed in;
 * issue 26 defect 3: a session that ran out is told to the sign-in page.
 */
let asked: string[];
const SECURE = {
  emsClientId: 'ems-demo',
  paymentProvider: { name: 'sandbox', publicKey: 'pk_demo' },
  loginAttemptsBeforeLock: 5,
  session: { idleMinutes: 30, absoluteMinutes: 480 },
};

const signedIn: SelfAttributes = {
  authenticated: true,
  user_type: 'merchant',
  user_id: 7,
  role: 'Admin',
  session_data: { logged_in: true, user_type: 'merchant', customer_id: null, merchant_id: null },
  customers: [],
  merchants: [],
};
const anonymous: SelfAttributes = { authenticated: false, session_data: { logged_in: false } };
const expired: SelfAttributes = { authenticated: false, session_data: { logged_in: false, session_expired: true } };

function answer(path: string, self: SelfAttributes, loadSecure: boolean): unknown {
  if (path === '/self') return { data: { type: 'self', id: 'self', attributes: self } };
  if (path === '/config')
    return { data: { type: 'config', id: 'demo', attributes: { loadSecure, currency_version: null, logging: { level: 'error' } } } };
  if (path.startsWith('/feature-flags/')) return { data: { type: 'flags', id: 'demo', attributes: {} } };
  if (path === '/config-secure') return { data: { type: 'config-secure', id: 'demo', attributes: SECURE } };
  return { data: [] };
}

async function bootAs(self: SelfAttributes, loadSecure: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify(answer(String(url), self, loadSecure)), {
        status: 200,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    }),
  );
  const { bootstrapSession, sessionStore } = await import('./store.ts');
  await bootstrapSession().catch(() => undefined);
  return sessionStore.get();
}

beforeEach(() => {
  asked = [];
  vi.resetModules();
  // A page without the server's hints (session/page-hints.ts): the boot asks for every document itself.
  vi.stubGlobal('document', { cookie: 'portal_csrf=token', getElementById: () => null });
  vi.stubGlobal('window', { location: { hostname: 'localhost', pathname: '/' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GET /config-secure (spec §7)', () => {
  // The first signed-in boot loads the session's signed-in modules; as slow as boot-requests.test.ts's first case on a loaded machine.
  it('is asked once signed in when loadSecure is set, and kept in the session', { timeout: 60_000 }, async () => {
    const session = await bootAs(signedIn, true);
    expect(asked.filter((path) => path === '/config-secure')).toHaveLength(1);
    expect(session.secureConfig).toEqual(SECURE);
  });

  it('is not asked when loadSecure is off', async () => {
    const session = await bootAs(signedIn, false);
    expect(asked).not.toContain('/config-secure');
    expect(session.secureConfig).toBeNull();
  });

  it('is not asked by a visitor who is not signed in', async () => {
    await bootAs(anonymous, true);
    expect(asked).toContain('/self');
    expect(asked).not.toContain('/config-secure');
  });
});

describe('a session that ran out (issue 26 defect 3)', () => {
  it('is known from /self at the boot', async () => {
    expect((await bootAs(expired, true)).sessionExpired).toBe(true);
  });

  it('is not claimed for a visitor who was never signed in', async () => {
    expect((await bootAs(anonymous, true)).sessionExpired).toBe(false);
  });

  it('is known when a read of a signed-in session answers 401, in the same change that signs the session out', async () => {
    await bootAs(signedIn, false);
    const { sessionStore } = await import('./store.ts');
    const { api } = await import('../data/api-client.ts');
    const seen: Array<[boolean, boolean]> = [];
    sessionStore.subscribe((state) => seen.push([state.self?.session_data.logged_in === true, state.sessionExpired]));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ errors: [{ status: '401', code: 'errors.auth.sessionExpired' }] }), { status: 401 })),
    );
    await expect(api.get('/invoices')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([[false, true]]);
  });
});
