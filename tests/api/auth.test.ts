import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { errorCode, startTestApi, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const selfOf = (body: string) =>
  (JSON.parse(body) as { data: { attributes: Record<string, unknown> & { session_data: Record<string, unknown> } } }).data.attributes;

describe('sign in and /self', () => {
  it('answers logged_in false without a session', async () => {
    const response = await api.client().get('/self');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect(selfOf(response.body).session_data).toEqual({ logged_in: false });
  });

  it('signs in with username and password and returns the session data', async () => {
    const client = api.client();
    const login = await client.login('payer');
    expect(login.statusCode).toBe(200);
    const cookie = login.headers['set-cookie'];
    expect(String(cookie)).toMatch(/portal_session=[^;]+;.*HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
    const self = selfOf((await client.get('/self')).body);
    expect(self.session_data).toMatchObject({ logged_in: true, user_type: 'customer', customer_id: null });
    expect(self).toMatchObject({ username: 'payer', role: 'Payer', language_ISO: 'en-US', authenticated: true });
    expect((self.customers as Array<{ id: string }>).map((c) => c.id)).toEqual(['C-1001']);
  });

  it('stores only a hash of the session id', async () => {
    const client = api.client();
    const login = await client.login('viewer');
    const token = /portal_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
    const rows = await api.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((row) => row.id_hash === token)).toBe(false);
    expect(rows.some((row) => row.id_hash === hashToken(token))).toBe(true);
  });

  it('refuses a wrong password with "Username and/or password invalid"', async () => {
    const response = await api.client().post('/auth/login', { username: 'viewer', password: 'nope' });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(ErrorCode.credentialsInvalid);
  });

  it('refuses an unknown user with the same message', async () => {
    const response = await api.client().post('/auth/login', { username: 'nobody', password: 'Portal#2026' });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(ErrorCode.credentialsInvalid);
  });

  it('tells a user locked by support so, even with the right password', async () => {
    const response = await api.client().login('locked');
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(ErrorCode.lockedBySupport);
  });

  it.each([
    ['locked_by_admin', ErrorCode.lockedByAdmin],
    ['expired_password', ErrorCode.expiredPassword],
    ['password_change_required', ErrorCode.passwordChangeRequired],
    ['challenge_phrase_change_required', ErrorCode.challengePhraseChangeRequired],
    ['exceeded_challenge_attempts', ErrorCode.exceededChallengeAttempts],
  ] as const)('enforces lock state %s with its own message', async (state, code) => {
    await api.db.updateTable('users').set({ lock_state: state }).where('username', '=', 'safety').execute();
    try {
      const response = await api.client().login('safety');
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe(code);
    } finally {
      await api.db.updateTable('users').set({ lock_state: null }).where('username', '=', 'safety').execute();
    }
  });

  it("pauses sign-in after the tenant's number of failed attempts, answering as for any wrong password (issue 12)", async () => {
    const limit = api.tenants.byId('demo')!.limits.loginAttemptsBeforeLock;
    const client = api.client();
    for (let attempt = 1; attempt <= limit; attempt++) {
      expect(errorCode(await client.post('/auth/login', { username: 'cardviewer', password: 'wrong' }))).toBe(ErrorCode.credentialsInvalid);
    }
    // Even the right password is refused alike while the pause lasts; no lasting lock state is set.
    expect(errorCode(await client.login('cardviewer'))).toBe(ErrorCode.credentialsInvalid);
    const row = await api.db
      .selectFrom('users')
      .select(['lock_state', 'login_locked_until', 'login_locks'])
      .where('username', '=', 'cardviewer')
      .executeTakeFirstOrThrow();
    expect(row.lock_state).toBeNull();
    expect(row.login_locks).toBe(1);
    expect(row.login_locked_until).not.toBeNull();
    await api.db
      .updateTable('users')
      .set({ login_locked_until: null, login_locks: 0, failed_logins: 0 })
      .where('username', '=', 'cardviewer')
      .execute();
  });

  it('rotates the session at login and ends it at logout', async () => {
    const client = api.client();
    await client.login('viewer');
    const first = (await api.db.selectFrom('sessions').select('id_hash').execute()).length;
    await client.login('viewer');
    expect((await api.db.selectFrom('sessions').select('id_hash').execute()).length).toBe(first);
    expect((await client.post('/auth/logout')).statusCode).toBe(204);
    expect(selfOf((await client.get('/self')).body).session_data).toEqual({ logged_in: false });
  });

  it('refuses malformed login bodies with a 4xx JSON:API error', async () => {
    for (const body of ['{"username":', '[]', '{"username":1,"password":2}', '{"username":"a"}']) {
      const response = await api.client().request('POST', '/auth/login', body, { 'content-type': 'application/json' });
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body).toBeLessThan(500);
      expect(errorCode(response), body).toMatch(/^errors\./);
    }
  });

  it('keeps tenants apart: a demo user cannot sign in on the fleet host', async () => {
    const response = await api.client('fleet.localhost').login('payer');
    expect(response.statusCode).toBe(401);
    expect((await api.client('fleet.localhost').login('fleetadmin')).statusCode).toBe(200);
  });
});

describe('CSRF and session timeouts', () => {
  it('refuses a state-changing request without the CSRF token', async () => {
    const client = api.client();
    await client.login('admin');
    const token = client.csrfToken;
    client.csrfToken = undefined;
    const response = await client.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1001' }] });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(ErrorCode.csrfInvalid);
    client.csrfToken = token;
    expect((await client.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1001' }] })).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in post', async () => {
    const response = await api
      .client()
      .post('/auth/login', { username: 'payer', password: 'Portal#2026' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it("expires an idle session after the tenant's idle minutes", async () => {
    const client = api.client();
    await client.login('payer');
    const idle = api.tenants.byId('demo')!.limits.session.idleMinutes;
    api.clock.advanceMinutes(idle - 1);
    expect((await client.get('/customers')).statusCode).toBe(200);
    api.clock.advanceMinutes(idle + 1);
    const response = await client.get('/customers');
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(ErrorCode.sessionExpired);
  });

  it('tells /self that the session ran out, so the sign-in page can say so (issue 26 defect 3)', async () => {
    const client = api.client();
    await client.login('payer');
    expect(selfOf((await client.get('/self')).body).session_data).not.toHaveProperty('session_expired');
    api.clock.advanceMinutes(api.tenants.byId('demo')!.limits.session.idleMinutes + 1);
    const self = await client.get('/self');
    expect(self.statusCode).toBe(200);
    expect(selfOf(self.body).session_data).toEqual({ logged_in: false, session_expired: true });
    // Never signed in: nothing ran out.
    expect(selfOf((await api.client().get('/self')).body).session_data).toEqual({ logged_in: false });
  });

  it('expires any session after the absolute timeout even when active', async () => {
    const client = api.client();
    await client.login('payer');
    const { idleMinutes, absoluteMinutes } = api.tenants.byId('demo')!.limits.session;
    let spent = 0;
    let response = await client.get('/customers');
    while (response.statusCode === 200 && spent < absoluteMinutes * 2) {
      api.clock.advanceMinutes(idleMinutes - 1);
      spent += idleMinutes - 1;
      response = await client.get('/customers');
    }
    expect(errorCode(response)).toBe(ErrorCode.sessionExpired);
    expect(spent).toBeGreaterThan(absoluteMinutes);
    expect(spent).toBeLessThanOrEqual(absoluteMinutes + idleMinutes);
  });
});

describe('POST /session_data', () => {
  it('sets a customer and location the user may see', async () => {
    const client = api.client();
    await client.login('admin');
    const response = await client.post('/session_data', {
      sessionKeys: [
        { key: 'customer_id', value: 'C-1001' },
        { key: 'location', value: 'L-1001-1' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(selfOf(response.body).session_data).toMatchObject({ customer_id: 'C-1001', location: 'L-1001-1' });
  });

  it("refuses a customer outside the user's scope and changes nothing", async () => {
    const client = api.client();
    await client.loginWithCustomer('payer', 'C-1001');
    const response = await client.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1002' }] });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.unableToSetActiveCustomer);
    expect(selfOf((await client.get('/self')).body).session_data).toMatchObject({ customer_id: 'C-1001' });
  });

  it("refuses another customer's location", async () => {
    const client = api.client();
    await client.login('admin');
    const response = await client.post('/session_data', {
      sessionKeys: [
        { key: 'customer_id', value: 'C-1002' },
        { key: 'location', value: 'L-1001-1' },
      ],
    });
    expect(errorCode(response)).toBe(ErrorCode.unableToSetActiveCustomerAndLocation);
  });

  it('refuses a merchant the user does not have', async () => {
    const client = api.client();
    await client.login('dealer');
    expect((await client.post('/session_data', { sessionKeys: [{ key: 'merchant_id', value: 'M-2001' }] })).statusCode).toBe(200);
    expect(errorCode(await client.post('/session_data', { sessionKeys: [{ key: 'merchant_id', value: 'F-M-1' }] }))).toBe(
      ErrorCode.unableToSetActiveMerchant,
    );
  });

  it('needs a session', async () => {
    const response = await api.client().post('/session_data', { sessionKeys: [{ key: 'customer_id', value: 'C-1001' }] });
    expect(response.statusCode).toBe(401);
  });
});

describe('tenant configuration', () => {
  it('serves flattened feature flags per host name', async () => {
    const demo = (await api.client().get('/feature-flags/localhost.json')).json() as {
      data: { id: string; attributes: Record<string, boolean> };
    };
    const fleet = (await api.client().get('/feature-flags/fleet.localhost.json')).json() as {
      data: { id: string; attributes: Record<string, boolean> };
    };
    expect(demo.data.id).toBe('demo');
    expect(demo.data.attributes.loyalty_enabled).toBe(true);
    expect(fleet.data.attributes.loyalty_enabled).toBe(false);
    expect((await api.client().get('/feature-flags/unknown.example.json')).statusCode).toBe(404);
  });

  it('picks the tenant by host for /config', async () => {
    const demo = (await api.client().get('/config')).json() as {
      data: { attributes: { title: string; system_type: string; prefixes: { configured: string } } };
    };
    const fleet = (await api.client('fleet.localhost').get('/config')).json() as {
      data: { attributes: { title: string; system_type: string; prefixes: { configured: string } } };
    };
    expect(demo.data.attributes.title).toBe('Trade Credit Portal');
    expect(demo.data.attributes.system_type).toBe('G');
    expect(fleet.data.attributes.system_type).toBe('U');
    expect(fleet.data.attributes.prefixes.configured).toBe('/fleet');
  });

  it('serves /config-secure only to signed-in users when loadSecure is set', async () => {
    expect((await api.client().get('/config-secure')).statusCode).toBe(401);
    const client = api.client();
    await client.login('payer');
    const secure = await client.get('/config-secure');
    expect(secure.statusCode).toBe(200);
    // What a signed-in browser may know: no secret of the tenant (payment provider's secret key,
    // identity providers' client secrets, card keys) is ever in it.
    const { attributes } = (secure.json() as { data: { attributes: Record<string, unknown> } }).data;
    expect(Object.keys(attributes).sort()).toEqual(['emsClientId', 'loginAttemptsBeforeLock', 'paymentProvider', 'session']);
    expect(Object.keys(attributes.paymentProvider as object).sort()).toEqual(['name', 'publicKey']);
    expect(secure.body).not.toMatch(/secret|sk_|private/i);
    const fleet = api.client('fleet.localhost');
    await fleet.login('fleetadmin');
    expect((await fleet.get('/config-secure')).statusCode).toBe(404);
  });

  it("lists the tenant's languages", async () => {
    const demo = (await api.client().get('/ecaas/locales')).json() as { data: unknown[] };
    const fleet = (await api.client('fleet.localhost').get('/ecaas/locales')).json() as { data: Array<{ id: string }> };
    expect(demo.data).toHaveLength(15);
    expect(fleet.data.map((l) => l.id)).toEqual(['en', 'de', 'fr', 'nl', 'pl']);
  });

  it('answers unknown hosts with 404', async () => {
    expect((await api.client('elsewhere.example').get('/config')).statusCode).toBe(404);
  });

  it('serves an OpenAPI document listing the API', async () => {
    const doc = (await api.client().get('/openapi.json')).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/self', '/session_data', '/customers', '/locations', '/merchants', '/auth/login'])
      expect(doc.paths).toHaveProperty(path);
  });

  it('sends a strict content security policy without unsafe-eval', async () => {
    const response = await api.client().get('/self');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
  });
});
