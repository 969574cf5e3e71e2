import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { LOCAL_IDP_ISSUER } from '../../server/sso/local-idp.ts';
import { errorCode, startTestApi, type TestApi } from '../support/api.ts';
import { pathOf, providerPage, signInAtProvider, signedInAs, ssoStart } from '../support/sso.ts';

/**
 * Issue 17: the portal as an OpenID Connect relying party against the local identity provider it
 * ships (server/sso/local-idp.ts), through the real app: code flow with PKCE, state and nonce, and
 * every check of the ID token, each refusal writing nothing.
 */
let api: TestApi;
/** Set by a test to change what the provider answers the portal (a tampered ID token). */
let tamper: ((url: string, response: Response) => Promise<Response>) | undefined;

beforeAll(async () => {
  api = await startTestApi({
    bigCustomerInvoices: 10,
    idpResponseFilter: (url, response) => (tamper ? tamper(url, response) : Promise.resolve(response)),
  });
  // The provider stamps its tokens with the host's time; the portal judges them by its clock.
  api.clock.set(new Date());
});
afterAll(async () => {
  await api?.close();
});

let copies = 0;
/**
 * A new user of the SSO group, like ssouser: each test signs in under a name of its own, so the
 * per-name start budget (ssoStartPerUsername) is not what refuses it.
 */
async function newSsoUser(): Promise<string> {
  copies += 1;
  const username = `ssocopy${copies}`;
  const {
    user_id: _id,
    created_at: _created,
    ...template
  } = await api.db.selectFrom('users').selectAll().where('username', '=', 'ssouser').executeTakeFirstOrThrow();
  await api.db
    .insertInto('users')
    .values({ ...template, username, email_address: `${username}@demo.example` })
    .execute();
  return username;
}
afterEach(() => {
  tamper = undefined;
});

/** What a sign-in writes: sessions and audit rows. A refusal must leave both as they were. */
const writes = async () => ({
  sessions: Number(
    (
      await api.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  audit: Number(
    (
      await api.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

const refusal = (response: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(response.statusCode).toBe(303);
  return new URL(String(response.headers.location), 'http://localhost').searchParams.get('sso_error');
};

/** The ID token of a token endpoint answer, with its payload changed but its header and signature kept. */
async function withChangedIdToken(response: Response, change: (claims: Record<string, unknown>) => void): Promise<Response> {
  const body = (await response.json()) as { id_token: string };
  const [header, payload, signature] = body.id_token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

describe('single sign-on with OpenID Connect', () => {
  it('refuses a password sign-in for an SSO user, after the right password only', async () => {
    expect(errorCode(await api.client().login('ssouser'))).toBe(ErrorCode.ssoRequired);
    expect(errorCode(await api.client().login('ssouser', 'Wrong#2026'))).toBe(ErrorCode.credentialsInvalid);
  });

  it('signs ssouser in end to end: code flow with PKCE, state and nonce, a normal session', async () => {
    const client = api.client();
    const { redirect } = await ssoStart(client, 'ssouser');
    const authorization = new URL(redirect, 'http://localhost');
    expect(authorization.pathname).toBe('/idp/auth');
    const parameters = Object.fromEntries(authorization.searchParams);
    expect(parameters).toMatchObject({
      client_id: 'portal-demo',
      response_type: 'code',
      code_challenge_method: 'S256',
      login_hint: 'ssouser',
      redirect_uri: 'http://localhost/auth/sso/callback',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(parameters[name]?.length, name).toBeGreaterThanOrEqual(43);

    const second = api.client();
    const { signIn, callback } = await signInAtProvider(second, 'ssouser');
    expect(signIn.statusCode).toBe(303);
    const answer = new URL(callback!, 'http://localhost');
    expect(answer.pathname).toBe('/auth/sso/callback');
    expect(answer.searchParams.get('iss')).toBe(LOCAL_IDP_ISSUER);
    expect(answer.searchParams.get('code')).toBeTruthy();
    const back = await second.get(callback!, { accept: 'text/html' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/');
    expect(String(back.headers['set-cookie'])).toMatch(/portal_session=[^;]+;.*HttpOnly/i);
    expect(await signedInAs(second)).toBe('ssouser');
    // A normal session: the signed-in API answers.
    expect((await second.get('/customers')).statusCode).toBe(200);
    const audit = await api.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'login_sso').execute();
    expect(audit.length).toBe(1);
    // The callback is spent: the same answer again (a replay) starts nothing.
    const before = await writes();
    expect(refusal(await second.get(callback!))).toBe(ErrorCode.credentialsInvalid);
    expect(await writes()).toEqual(before);
  });

  it('refuses a tampered ID token (its signature no longer matches) and writes nothing', async () => {
    const client = api.client();
    const { callback } = await signInAtProvider(client, await newSsoUser());
    // A change that nothing but the signature would notice: a claim the portal does not read.
    tamper = async (url, response) =>
      url.endsWith('/idp/token')
        ? withChangedIdToken(response, (claims) => {
            claims.email = 'mallory@example.com';
          })
        : response;
    const before = await writes();
    expect(refusal(await client.get(callback!))).toBe(ErrorCode.credentialsInvalid);
    expect(await writes()).toEqual(before);
    expect(await signedInAs(client)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one the browser started with', async () => {
    const client = api.client();
    const { callback, pending } = await signInAtProvider(client, await newSsoUser());
    const saved = JSON.parse(Buffer.from(pending!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const otherNonce = Buffer.from(JSON.stringify({ ...saved, nonce: 'a-nonce-the-provider-never-saw-0123456789abc' })).toString(
      'base64url',
    );
    const before = await writes();
    expect(refusal(await client.get(callback!, { cookie: `portal_sso_state=${otherNonce}` }))).toBe(ErrorCode.credentialsInvalid);
    expect(await writes()).toEqual(before);
    expect(await signedInAs(client)).toBeUndefined();
  });

  it("refuses an expired ID token (by the server's clock)", async () => {
    const client = api.client();
    const { callback } = await signInAtProvider(client, await newSsoUser());
    const now = api.clock.now();
    api.clock.advanceMinutes(15); // the provider's ID tokens live 10 minutes
    try {
      const before = await writes();
      expect(refusal(await client.get(callback!))).toBe(ErrorCode.credentialsInvalid);
      expect(await writes()).toEqual(before);
    } finally {
      api.clock.set(now);
    }
    expect(await signedInAs(client)).toBeUndefined();
  });

  it('refuses a wrong state, and an answer brought by a browser that did not start the sign-in', async () => {
    const client = api.client();
    const { callback } = await signInAtProvider(client, await newSsoUser());
    const before = await writes();
    const wrongState = new URL(callback!, 'http://localhost');
    wrongState.searchParams.set('state', 'x'.repeat(43));
    expect(refusal(await client.get(pathOf(wrongState)))).toBe(ErrorCode.credentialsInvalid);
    const other = await signInAtProvider(api.client(), await newSsoUser());
    expect(refusal(await api.client().get(other.callback!))).toBe(ErrorCode.credentialsInvalid);
    expect(await writes()).toEqual(before);
  });

  it('the provider requires PKCE', async () => {
    const client = api.client();
    const { redirect } = await ssoStart(client, await newSsoUser());
    const withoutPkce = new URL(redirect, 'http://localhost');
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const answer = await client.get(pathOf(withoutPkce), { accept: 'text/html' });
    expect(String(answer.headers.location ?? '')).not.toMatch(/\/idp\/interaction\//);
    expect(String(answer.headers.location ?? '')).toMatch(/error=invalid_request/);
  });

  it('keeps the user at the provider when it refuses the password', async () => {
    const client = api.client();
    const before = await writes();
    const { signIn, callback } = await signInAtProvider(client, await newSsoUser(), 'wrong-password');
    expect(signIn.statusCode).toBe(401);
    expect(signIn.body).toContain('role="alert"');
    expect(callback).toBeUndefined();
    expect(await writes()).toEqual(before);
  });

  it('vouches for nobody outside its SSO groups: a right and a wrong password get the same page (issue 12)', async () => {
    const right = await signInAtProvider(api.client(), 'payer');
    const wrong = await signInAtProvider(api.client(), 'payer', 'wrong-password');
    expect([right.signIn.statusCode, wrong.signIn.statusCode]).toEqual([401, 401]);
    const page = (body: string) => body.replace(/nonce="[^"]*"/g, '').replace(/action="[^"]*"/g, '');
    expect(page(right.signIn.body)).toBe(page(wrong.signIn.body));
  });

  it('answers the start alike for unknown and password users: the same provider, nothing about the name', async () => {
    const shape = (redirect: string) => {
      const url = new URL(redirect, 'http://localhost');
      for (const name of ['state', 'nonce', 'code_challenge', 'login_hint']) url.searchParams.delete(name);
      return url.href;
    };
    const sso = shape((await ssoStart(api.client(), await newSsoUser())).redirect);
    expect(shape((await ssoStart(api.client(), 'nobody-here')).redirect)).toBe(sso);
    expect(shape((await ssoStart(api.client(), 'payer')).redirect)).toBe(sso);
  });

  it('a browser still signed in as someone else signs in as the SSO user, on a new session', async () => {
    const client = api.client();
    expect((await client.login('payer')).statusCode).toBe(200);
    const username = await newSsoUser();
    const { signIn, callback } = await signInAtProvider(client, username);
    expect(signIn.statusCode).toBe(303);
    expect((await client.get(callback!)).headers.location).toBe('/');
    expect(await signedInAs(client)).toBe(username);
  });

  it('a tenant without SSO groups sends every name back to the sign-in page, alike', async () => {
    for (const username of ['fleetadmin', 'nobody-here']) {
      const { redirect } = await ssoStart(api.client('fleet.localhost'), username);
      expect(redirect).toBe(`/login?sso_error=${encodeURIComponent(ErrorCode.credentialsInvalid)}`);
    }
  });

  it('tells a locked SSO user so and starts no session', async () => {
    const username = await newSsoUser();
    await api.db.updateTable('users').set({ lock_state: 'locked_by_admin' }).where('username', '=', username).execute();
    const client = api.client();
    const { callback } = await signInAtProvider(client, username);
    const before = await writes();
    expect(refusal(await client.get(callback!))).toBe(ErrorCode.lockedByAdmin);
    expect(await writes()).toEqual(before);
  });

  describe("a child group without settings of its own inherits its nearest ancestor's", () => {
    beforeAll(async () => {
      const sso = await api.db.selectFrom('user_groups').select('id').where('name', '=', 'SSO Partners').executeTakeFirstOrThrow();
      const child = await api.db
        .insertInto('user_groups')
        .values({ tenant_id: 'demo', name: 'SSO Partners / North', parent_group_id: sso.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const grandchild = await api.db
        .insertInto('user_groups')
        .values({ tenant_id: 'demo', name: 'SSO Partners / North / Depot', parent_group_id: child.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Settings of its own: SSO switched off (it chose a provider but does not use it).
      const optedOut = await api.db
        .insertInto('user_groups')
        .values({
          tenant_id: 'demo',
          name: 'SSO Partners / Password',
          parent_group_id: sso.id,
          sso_enabled: false,
          identity_provider_id: 'demo-idp',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const {
        user_id: _id,
        created_at: _created,
        ...template
      } = await api.db.selectFrom('users').selectAll().where('username', '=', 'ssouser').executeTakeFirstOrThrow();
      await api.db
        .insertInto('users')
        .values([
          { ...template, username: 'ssodepot', email_address: 'ssodepot@demo.example', user_group_id: grandchild.id },
          { ...template, username: 'ssooptout', email_address: 'ssooptout@demo.example', user_group_id: optedOut.id },
        ])
        .execute();
    });

    it("a grandchild group's user must use SSO, and signs in through the inherited provider", async () => {
      expect(errorCode(await api.client().login('ssodepot'))).toBe(ErrorCode.ssoRequired);
      const client = api.client();
      const { callback } = await signInAtProvider(client, 'ssodepot');
      expect((await client.get(callback!)).headers.location).toBe('/');
      expect(await signedInAs(client)).toBe('ssodepot');
    });

    it('a child group with settings of its own (SSO off) keeps the password sign-in, and the provider does not know its users', async () => {
      expect((await api.client().login('ssooptout')).statusCode).toBe(200);
      const { signIn } = await signInAtProvider(api.client(), 'ssooptout');
      expect(signIn.statusCode).toBe(401);
    });
  });

  describe('a provider vouches only for users of groups that chose it (issue 22)', () => {
    // A second tenant provider (the same local issuer under another id), chosen by a group of its own.
    const second = {
      id: 'second-idp',
      name: 'Second provider',
      issuer: LOCAL_IDP_ISSUER,
      clientId: 'portal-demo',
      clientSecretEnv: 'DEMO_OIDC_CLIENT_SECRET',
    };
    beforeAll(async () => {
      api.tenants.byId('demo')!.identityProviders!.push(second);
      const group = await api.db
        .insertInto('user_groups')
        .values({ tenant_id: 'demo', name: 'Second Provider Group', sso_enabled: true, identity_provider_id: second.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const {
        user_id: _id,
        created_at: _created,
        ...template
      } = await api.db.selectFrom('users').selectAll().where('username', '=', 'ssouser').executeTakeFirstOrThrow();
      await api.db
        .insertInto('users')
        .values({ ...template, username: 'ssosecond', email_address: 'ssosecond@demo.example', user_group_id: group.id })
        .execute();
    });
    afterAll(() => {
      const providers = api.tenants.byId('demo')!.identityProviders!;
      providers.splice(providers.indexOf(second), 1);
    });

    it('signs a user in through the provider their group chose', async () => {
      const client = api.client();
      const { callback, pending } = await signInAtProvider(client, 'ssosecond');
      expect(JSON.parse(Buffer.from(pending!, 'base64url').toString('utf8'))).toMatchObject({ provider: 'second-idp' });
      expect((await client.get(callback!)).headers.location).toBe('/');
      expect(await signedInAs(client)).toBe('ssosecond');
    });

    it('refuses a callback that claims another provider for the same subject, and writes nothing', async () => {
      const client = api.client();
      const { callback, pending } = await signInAtProvider(client, 'ssosecond');
      const saved = JSON.parse(Buffer.from(pending!, 'base64url').toString('utf8')) as Record<string, unknown>;
      const otherProvider = Buffer.from(JSON.stringify({ ...saved, provider: 'demo-idp' })).toString('base64url');
      const before = await writes();
      expect(refusal(await client.get(callback!, { cookie: `portal_sso_state=${otherProvider}` }))).toBe(ErrorCode.credentialsInvalid);
      expect(await writes()).toEqual(before);
      expect(await signedInAs(client)).toBeUndefined();
    });
  });

  it("the provider's page is translated into the tenant's language and styled by nonce only", async () => {
    const { page } = await providerPage(api.client(), (await ssoStart(api.client(), await newSsoUser())).redirect);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).toContain('Demo identity provider');
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(page.body).not.toMatch(/\sstyle="/);
  });
});

describe('the request log', () => {
  it('never holds the authorization code of a callback', async () => {
    const lines: string[] = [];
    const logged = await startTestApi({
      bigCustomerInvoices: 10,
      logStream: {
        write: (line) => {
          lines.push(line);
        },
      },
    });
    try {
      logged.clock.set(new Date());
      const client = logged.client();
      const { callback } = await signInAtProvider(client, 'ssouser');
      const code = new URL(callback!, 'http://localhost').searchParams.get('code')!;
      expect((await client.get(callback!)).headers.location).toBe('/');
      expect(lines.some((line) => line.includes('/auth/sso/start'))).toBe(true); // the log is on
      expect(lines.filter((line) => line.includes(code))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});
