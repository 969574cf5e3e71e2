import type { FastifyRequest } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { createSession, destroySession } from '../auth/sessions.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { subjectThrottle } from '../auth/throttle.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { CALLBACK_PATH, localIdentityProvider } from './local-idp.ts';
import { RelyingParty } from './relying-party.ts';
import { effectiveSso } from '../../domain/group-changes.ts';
import { tenantDefaultProvider, tenantGroups, tenantProvider, usableProvider } from './settings.ts';
import { LOCK_MESSAGES } from '../auth/lock-messages.ts';
import { SSO_STATE_COOKIE, SSO_STATE_OPTIONS, clearCookie, readCookie, setCookie, setSessionCookies } from '../http/cookies.ts';
import { defaultErrorResponse, metaDocument, responses, strictObject, text } from '../http/api-schema.ts';

const startBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** The provider's answer (RFC 6749 §4.1.2, RFC 9207 iss); providers may add parameters of their own. */
const callbackValue = { type: 'string', maxLength: 2048 } as const;
const callbackQuery = {
  type: 'object',
  properties: {
    code: callbackValue,
    state: callbackValue,
    iss: callbackValue,
    error: callbackValue,
    error_description: callbackValue,
    session_state: callbackValue,
  },
} as const;

/** What the browser carries from the start to the callback (HttpOnly, SameSite=Lax: the provider's redirect is a top-level GET). */
interface PendingSignIn {
  /** The tenant identity provider the flow uses (its id in the tenant file). */
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

function readPending(value: string | undefined): PendingSignIn | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PendingSignIn>;
    const strings = [parsed.state, parsed.nonce, parsed.verifier, parsed.redirectUri];
    return typeof parsed.provider === 'string' && strings.every((one) => typeof one === 'string' && one.length > 0 && one.length <= 2048)
      ? (parsed as PendingSignIn)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The portal's own callback on the origin the browser used (the provider accepts only registered ones). */
const callbackUri = (request: FastifyRequest) => `${request.protocol}://${request.host}${CALLBACK_PATH}`;

/**
 * Single sign-on with OpenID Connect (spec §1, §5: SSO users sign in with their group's provider).
 * start (username → the tenant provider the user's group chose, or inherited from the nearest ancestor with settings) →
 * the provider → callback (code exchange with PKCE, ID token checks) → a normal session.
 * The start answers alike for every username, so it tells nobody who exists or who uses SSO.
 */
export function ssoRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock } = deps;
  localIdentityProvider(app, deps);
  const relyingParty = new RelyingParty(app, clock, deps.idpResponseFilter);
  const startsPerName = subjectThrottle(app, 'ssoStartPerUsername');
  const failure = (code: string) => `/login?sso_error=${encodeURIComponent(code)}`;

  app.post(
    '/auth/sso/start',
    {
      schema: { body: startBody, response: responses(metaDocument(strictObject({ redirect: text })), 'Where to send the browser') },
      config: { access: { public: true }, summary: 'Start single sign-on: answers with the identity provider to send the browser to' },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      await startsPerName.attempt(request, reply, normaliseName(username));
      const groups = await tenantGroups(db, request.tenant.id);
      const user = await db
        .selectFrom('users')
        .select('user_group_id')
        .where('tenant_id', '=', request.tenant.id)
        .where('username', '=', username)
        .executeTakeFirst();
      // Names without a provider of their own go to the tenant's first one, and fail there like a wrong password.
      const provider =
        usableProvider(request.tenant, effectiveSso(groups, user?.user_group_id ?? null)) ?? tenantDefaultProvider(request.tenant);
      const send = (redirect: string) => reply.type(JSON_API).send({ meta: { redirect } });
      if (!provider) return send(failure(ErrorCode.credentialsInvalid));
      let started: Awaited<ReturnType<RelyingParty['start']>>;
      try {
        started = await relyingParty.start(provider, callbackUri(request), username);
      } catch (error) {
        request.log.warn({ err: error, issuer: provider.issuer }, 'identity provider unavailable');
        return send(failure(ErrorCode.credentialsInvalid));
      }
      const pending: PendingSignIn = { provider: provider.id, ...started.checks, redirectUri: callbackUri(request) };
      setCookie(request, reply, SSO_STATE_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), SSO_STATE_OPTIONS);
      return send(started.redirect);
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      // Its URL carries the authorization code: keep it out of the request log (warnings, with no URL, still go out).
      logLevel: 'warn',
      schema: {
        querystring: callbackQuery,
        response: {
          303: { description: 'To the portal: signed in, or /login?sso_error=<code>', type: 'null' },
          '4xx': defaultErrorResponse,
        },
      },
      config: {
        access: { public: true },
        summary: 'Return from the identity provider: exchanges the code, checks the ID token and starts the session',
      },
    },
    async (request, reply) => {
      const fail = (code: string) => reply.redirect(failure(code), 303);
      const pending = readPending(readCookie(request, SSO_STATE_COOKIE));
      // One attempt per start: the checks are spent whatever happens next.
      clearCookie(request, reply, SSO_STATE_COOKIE, SSO_STATE_OPTIONS);
      if (!pending || request.query.error) return fail(ErrorCode.credentialsInvalid);
      const provider = tenantProvider(request.tenant, pending.provider);
      if (!provider) return fail(ErrorCode.credentialsInvalid);

      let subject: string;
      try {
        // The code goes back with the redirect_uri of the start; the query is the provider's answer.
        const callbackUrl = new URL(pending.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        subject = await relyingParty.finish(provider, callbackUrl, pending);
      } catch (error) {
        request.log.warn(
          { err: error instanceof Error ? error.message : String(error), issuer: provider.issuer },
          'single sign-on refused',
        );
        return fail(ErrorCode.credentialsInvalid);
      }

      // The provider vouches only for users of this tenant whose group chose it, itself or through an
      // ancestor ("SSO users must use the provider's username"); which groups may choose it is the
      // group rule's (domain/group-changes.ts): never a group the choosing admin cannot see.
      const user = await db
        .selectFrom('users')
        .select(['user_id', 'lock_state', 'status', 'user_group_id'])
        .where('tenant_id', '=', request.tenant.id)
        .where('username', '=', subject)
        .executeTakeFirst();
      const userProvider = user
        ? usableProvider(request.tenant, effectiveSso(await tenantGroups(db, request.tenant.id), user.user_group_id))
        : undefined;
      if (!user || userProvider?.id !== provider.id) return fail(ErrorCode.credentialsInvalid);
      // spec §4: locking removes access to the account (it does not change SSO management).
      if (user.lock_state) return fail(LOCK_MESSAGES[user.lock_state]);
      if (user.status === 'not_activated') return fail(ErrorCode.accountNotActivated);
      if (request.auth) await destroySession(db, request.auth.sessionIdHash);
      const { token, csrfToken } = await createSession(db, clock, request.tenant, user.user_id);
      setSessionCookies(request, reply, token, csrfToken);
      await audit(db, {
        tenantId: request.tenant.id,
        userId: user.user_id,
        action: 'login_sso',
        entity: 'user',
        entityId: String(user.user_id),
        detail: { provider: provider.id },
      });
      return reply.redirect('/', 303);
    },
  );
}
