import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import Provider, { type KoaContextWithOidc } from 'oidc-provider';
import { LANGUAGES, type LanguageCode } from '../../common/locales.ts';
import type { AppDeps } from '../deps.ts';
import { checkPassword } from '../auth/password-sign-in.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { signInFailureThrottle } from '../auth/throttle.ts';
import { styleNonce, writeSecurityHeaders } from '../http/security-headers.ts';
import { LOCAL_IDP_PATH } from './paths.ts';
import { effectiveSsoSettings, usableProvider } from './settings.ts';

/**
 * The demo tenant's own identity provider (OpenID Connect, oidc-provider 8), served by this same
 * server under /idp, so the whole single sign-on path runs here with no outside service. Its
 * issuer is a fixed name; the portal talks to it in-process (relying-party.ts), so the name holds
 * whatever port the server listens on. The demo tenant file lists it among its identity providers
 * (LOCAL_IDP_PROVIDER_ID); production tenants list their own, and their groups choose one.
 */
export { LOCAL_IDP_PATH };
export const LOCAL_IDP_ISSUER = `http://localhost:8080${LOCAL_IDP_PATH}`;
/** The local provider's id in the demo tenant file's `identityProviders`, which the seeded SSO group chooses. */
export const LOCAL_IDP_PROVIDER_ID = 'demo-idp';
/** The portal's client at the local provider, as the demo tenant file registers it. */
export const LOCAL_IDP_CLIENT_ID = 'portal-demo';
/** The environment variable holding that client's secret, on both sides (README: Configuration). */
export const LOCAL_IDP_SECRET_ENV = 'DEMO_OIDC_CLIENT_SECRET';
/** Used when the variable is unset: a development default for the demo only, never for a real provider. */
export const LOCAL_IDP_DEV_SECRET = 'demo-oidc-client-secret-change-me';
/** The tenant whose SSO users are the provider's accounts. */
export const LOCAL_IDP_TENANT = 'demo';
/** Where the provider sends the browser back: the portal's callback, on any loopback origin (the tests' ports vary). */
export const CALLBACK_PATH = '/auth/sso/callback';

/** A client secret from the environment variable a tenant provider names; the local provider's has a development default. */
export function clientSecretFrom(envName: string | null): string | undefined {
  if (!envName) return undefined;
  return process.env[envName] ?? (envName === LOCAL_IDP_SECRET_ENV ? LOCAL_IDP_DEV_SECRET : undefined);
}

type IdpTexts = { title: string; intro: string; password: string; submit: string; failed: string };
type AuthTexts = { sso: { idp: IdpTexts }; fields: { username: string } };
const texts = new Map<LanguageCode, AuthTexts>(
  LANGUAGES.map((language) => [language, JSON.parse(readFileSync(`locales/${language}/auth.json`, 'utf8')) as AuthTexts]),
);

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's styles: one element with the response's CSP nonce (the CSP allows no style attributes). */
const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:420px;margin:10vh auto;padding:0 16px}' +
  '[role=alert]{color:#a4161a}input{width:100%;padding:8px;margin:4px 0 12px;box-sizing:border-box}button{padding:8px 16px}';

/** The provider's sign-in page, in the portal's languages (the language the portal asked for with ui_locales, else the tenant's). */
/** The raw request as the provider receives it from the hand-over (handOver). */
type IdpRequest = IncomingMessage & { originalUrl?: string; body?: unknown; cspNonce?: string };

function page(options: { nonce: string; language: LanguageCode; action?: string; username?: string; failed: boolean }): string {
  const all = texts.get(options.language) ?? texts.get('en')!;
  const t = all.sso.idp;
  const username = options.username ?? '';
  const form = options.action
    ? `<form method="post" action="${escape(options.action)}">
<label for="username">${escape(all.fields.username)}</label>
<input id="username" name="username" autocomplete="username" required maxlength="100" value="${escape(username)}">
<label for="password">${escape(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${username ? ' autofocus' : ''}>
<button type="submit">${escape(t.submit)}</button></form>`
    : '';
  return `<!doctype html><html lang="${options.language}"><head><meta charset="utf-8"><title>${escape(t.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style nonce="${options.nonce}">${STYLE}</style></head>
<body><main><h1>${escape(t.title)}</h1>${username ? `<p>${escape(t.intro.replace('{{username}}', username))}</p>` : ''}
${options.failed ? `<p role="alert">${escape(t.failed)}</p>` : ''}${form}</main></body></html>`;
}

function pickLanguage(requested: unknown, fallback: LanguageCode): LanguageCode {
  const asked = typeof requested === 'string' ? requested.split(' ').map((tag) => tag.slice(0, 2).toLowerCase()) : [];
  return (asked.find((tag) => (LANGUAGES as readonly string[]).includes(tag)) as LanguageCode | undefined) ?? fallback;
}

/** A signing key and cookie keys made at every start: nothing secret is committed or written to disk. */
function freshKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * The provider's state (sessions, interactions, codes, grants) in this process's memory, which is
 * what a demo provider needs: a restart ends sign-ins in progress. Entries expire with their ttl
 * (lru-cache), and the store is capped so no one can grow it without bound: the least recently used
 * entry goes first. (oidc-provider's own quick-start adapter does the same but warns on every start.)
 */
function memoryAdapter(limit = 10_000) {
  const entries = new LRUCache<string, Record<string, unknown>>({ max: limit });
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      // oidc-provider gives the lifetime in seconds; a ttl of 0 is an entry without expiry.
      const ttl = expiresIn > 0 ? Math.round(expiresIn * 1000) : 0;
      entries.set(this.key(id), payload, { ttl });
      if (typeof payload.uid === 'string') entries.set(`${this.model}:uid:${payload.uid}`, { id }, { ttl });
    }
    async find(id: string) {
      return entries.get(this.key(id));
    }
    async findByUid(uid: string) {
      const id = entries.get(`${this.model}:uid:${uid}`)?.id;
      return typeof id === 'string' ? this.find(id) : undefined;
    }
    async findByUserCode() {
      return undefined;
    } // device flow: not enabled
    async consume(id: string) {
      const payload = entries.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      entries.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      const granted = [...entries.entries()].filter(([, payload]) => payload.grantId === grantId);
      for (const [key] of granted) entries.delete(key);
    }
  };
}

/** Whether a redirect_uri is the portal's callback on a loopback origin (the local provider serves the demo only). */
function isLoopbackCallback(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1';
    return (
      url.protocol === 'http:' && loopback && url.pathname === CALLBACK_PATH && !url.search && !url.hash && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

/** Mounts the local identity provider under LOCAL_IDP_PATH with its sign-in interaction. */
export function localIdentityProvider(app: SchemaTypedApp, deps: AppDeps): Provider {
  const { db, tenants } = deps;
  const { jwks, cookieKeys } = freshKeys();
  // Its accounts: users of the demo tenant whose group (or nearest ancestor with settings) signs in here.
  const accountOf = async (username: string) => {
    const user = await db
      .selectFrom('users')
      .select(['username', 'password_hash', 'user_group_id', 'first_name', 'last_name'])
      .where('tenant_id', '=', LOCAL_IDP_TENANT)
      .where('username', '=', username)
      .executeTakeFirst();
    // The tenant as published now: its providers may change without a restart (TenantSync).
    const tenant = tenants.byId(LOCAL_IDP_TENANT);
    if (!user || !tenant) return undefined;
    const provider = usableProvider(tenant, await effectiveSsoSettings(db, LOCAL_IDP_TENANT, user.user_group_id));
    return provider?.issuer === LOCAL_IDP_ISSUER ? user : undefined;
  };

  const provider = new Provider(LOCAL_IDP_ISSUER, {
    clients: [
      {
        client_id: LOCAL_IDP_CLIENT_ID,
        client_secret: clientSecretFrom(LOCAL_IDP_SECRET_ENV),
        redirect_uris: [`http://localhost:8080${CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    adapter: memoryAdapter(),
    jwks,
    cookies: { keys: cookieKeys },
    responseTypes: ['code'],
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
    pkce: { required: () => true, methods: ['S256'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `${LOCAL_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const user = await accountOf(id);
      if (!user) return undefined;
      return {
        accountId: user.username,
        claims: () => ({ sub: user.username, preferred_username: user.username, name: `${user.first_name} ${user.last_name}` }),
      };
    },
    // The portal is the provider's own first-party client: no consent screen, the grant is implied.
    loadExistingGrant: async (ctx) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx: KoaContextWithOidc) => {
      ctx.type = 'html';
      // The nonce the hand-over put in this response's CSP (handOver).
      const nonce = (ctx.req as IdpRequest).cspNonce ?? randomBytes(16).toString('base64');
      ctx.body = page({ nonce, language: pickLanguage(ctx.oidc?.params?.ui_locales, 'en'), failed: true });
    },
  });
  // The demo serves several loopback origins (tests pick free ports): allow the callback on any of them, nothing else.
  const registered = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: { redirectUris: string[] }, value: string) {
    return registered.call(this as never, value) || isLoopbackCallback(value);
  };

  // oidc-provider is a Koa app: hand it the raw request with the mount path moved to originalUrl
  // (how it finds its mount point), and the body Fastify already read.
  const callback = provider.callback();
  // Koa would trust X-Forwarded-* from anyone: Fastify (TRUST_PROXY) decides, and the provider hears only its verdict.
  provider.proxy = true;
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw as IdpRequest;
    // A hijacked reply skips onSend: the provider's answers get the portal's security headers here.
    raw.cspNonce = styleNonce(request);
    writeSecurityHeaders(request, reply.raw);
    raw.headers['x-forwarded-proto'] = request.protocol;
    raw.headers['x-forwarded-for'] = request.ip;
    delete raw.headers['x-forwarded-host'];
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '').slice(LOCAL_IDP_PATH.length) || '/';
    if (request.body !== undefined) raw.body = request.body;
    reply.hijack();
    await callback(raw, reply.raw);
  };
  const hidden = { hide: true } as const;
  app.route({
    method: ['GET', 'POST'],
    url: `${LOCAL_IDP_PATH}/*`,
    schema: hidden,
    config: { access: { public: true }, summary: 'Local identity provider (OpenID Connect)' },
    handler: handOver,
  });

  const failuresPerName = signInFailureThrottle(app);
  const language = (request: FastifyRequest, params: Record<string, unknown> | undefined) =>
    pickLanguage(params?.ui_locales, request.tenant.defaultLanguage);
  const failedPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(400)
      .type('text/html')
      .send(page({ nonce: styleNonce(request), language: request.tenant.defaultLanguage, failed: true }));

  // The local provider's pages are hidden and validate nothing (oidc-provider checks the interaction), so their request types are declared here.
  app.get<{ Params: { uid: string } }>(
    `${LOCAL_IDP_PATH}/interaction/:uid`,
    {
      schema: hidden,
      config: { access: { public: true }, summary: 'Local identity provider: sign-in page' },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid) return failedPage(request, reply);
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint.slice(0, 100) : '';
      return reply.type('text/html').send(
        page({
          nonce: styleNonce(request),
          language: language(request, details.params),
          action: `${LOCAL_IDP_PATH}/interaction/${details.uid}/login`,
          username: hint,
          failed: false,
        }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: { username?: string; password?: string } }>(
    `${LOCAL_IDP_PATH}/interaction/:uid/login`,
    {
      schema: hidden,
      config: { access: { public: true }, summary: 'Local identity provider: checks the password, returns to the authorization' },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid) return failedPage(request, reply);
      const username = String(request.body?.username ?? '')
        .trim()
        .slice(0, 100);
      // Its password check is a sign-in too: the same per-name failure budget as /auth/login (issue 12).
      const reservation = await failuresPerName.reserveFailure(request, reply, normaliseName(username));
      let accountId: string | undefined;
      try {
        // It vouches only for its own accounts; for anyone else it must not tell a right password from a wrong one.
        // The same check as the portal's sign-in: the user's attempts in a row, the pause, one count in the database.
        const idpTenant = tenants.byId(LOCAL_IDP_TENANT) ?? request.tenant;
        const account = await checkPassword(
          db,
          deps.clock,
          idpTenant,
          username,
          String(request.body?.password ?? '').slice(0, 256),
          async (user) => (await accountOf(user.username)) !== undefined,
        );
        // A lasting lock (spec §4) is the portal's to report, at the callback, as after a right password at its own sign-in.
        if (account) accountId = account.username;
        else await reservation.failed();
      } finally {
        await reservation.release();
      }
      if (!accountId) {
        return reply
          .status(401)
          .type('text/html')
          .send(
            page({
              nonce: styleNonce(request),
              language: language(request, details.params),
              action: `${LOCAL_IDP_PATH}/interaction/${details.uid}/login`,
              username,
              failed: true,
            }),
          );
      }
      const next = await provider.interactionResult(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
      return reply.redirect(next, 303);
    },
  );
  return provider;
}
