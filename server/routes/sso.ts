import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { createSession, destroySession } from '../auth/sessions.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { subjectThrottle } from '../auth/throttle.ts';
import { newToken, sameToken } from '../auth/tokens.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { AssertionSigner } from '../sso/assertions.ts';
import { SANDBOX_IDP, sandboxIdpRoutes } from '../sso/sandbox-idp.ts';
import { LOCK_MESSAGES } from './auth.ts';
import { SSO_STATE_COOKIE, SSO_STATE_OPTIONS, clearCookie, readCookie, setCookie, setSessionCookies } from '../http/cookies.ts';
import { defaultErrorResponse, metaDocument, responses, strictObject, text } from '../http/api-schema.ts';

const startBody = {
  type: 'object', additionalProperties: false, required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/**
 * Single sign-on for users of SSO groups (spec §1, §5: SSO users sign in with the provider).
 * start → the group's identity provider → callback with a signed assertion → a session.
 * The start answers alike for every username, so it tells nobody who exists.
 */
export function ssoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const signer = new AssertionSigner(process.env.SSO_SECRET);
  sandboxIdpRoutes(app, deps, signer);
  const startsPerName = subjectThrottle(app, 'ssoStartPerUsername');

  app.post<{ Body: { username: string } }>('/auth/sso/start', {
    schema: { body: startBody, response: responses(metaDocument(strictObject({ redirect: text })), 'Where to send the browser') }, config: { access: { public: true }, summary: 'Start single sign-on: answers with the identity provider to send the browser to' },
  }, async (request, reply) => {
    const nonce = newToken();
    const username = request.body.username.trim();
    await startsPerName.attempt(request, reply, normaliseName(username));
    const group = await db.selectFrom('users').innerJoin('user_groups', 'user_groups.id', 'users.user_group_id')
      .select(['user_groups.identity_provider', 'user_groups.sso_enabled'])
      .where('users.tenant_id', '=', request.tenant.id).where('users.username', '=', username).executeTakeFirst();
    // Only the sandbox provider runs here; users outside SSO groups fail at the provider, not here.
    const idp = group?.sso_enabled && group.identity_provider ? group.identity_provider : SANDBOX_IDP;
    const state = signer.sign({ tenant: request.tenant.id, username, nonce }, 600, clock.now());
    setCookie(request, reply, SSO_STATE_COOKIE, nonce, SSO_STATE_OPTIONS);
    return reply.type(JSON_API).send({ meta: { redirect: `/sso/idp/${encodeURIComponent(idp)}/authorize?request=${encodeURIComponent(state)}` } });
  });

  app.get<{ Querystring: { assertion?: string } }>('/auth/sso/callback', {
    schema: { response: { 303: { description: 'To the portal: signed in, or /login?sso_error=<code>', type: 'null' }, '4xx': defaultErrorResponse } },
    config: { access: { public: true }, summary: 'Return from the identity provider: checks the assertion and starts the session' },
  }, async (request, reply) => {
    const fail = (code: string) => reply.redirect(`/login?sso_error=${encodeURIComponent(code)}`, 303);
    const claims = signer.verify(String(request.query.assertion ?? ''), clock.now());
    const nonce = readCookie(request, SSO_STATE_COOKIE);
    clearCookie(request, reply, SSO_STATE_COOKIE, SSO_STATE_OPTIONS);
    if (!claims || claims.tenant !== request.tenant.id || !nonce || !sameToken(nonce, claims.nonce ?? '')) return fail(ErrorCode.credentialsInvalid);
    const user = await db.selectFrom('users').innerJoin('user_groups', 'user_groups.id', 'users.user_group_id')
      .select(['users.user_id', 'users.lock_state', 'users.status', 'user_groups.sso_enabled', 'user_groups.identity_provider'])
      .where('users.tenant_id', '=', request.tenant.id).where('users.username', '=', claims.username ?? '').executeTakeFirst();
    if (!user || !user.sso_enabled || user.identity_provider !== claims.idp) return fail(ErrorCode.credentialsInvalid);
    // spec §4: locking removes access to the account (it does not change SSO management).
    if (user.lock_state) return fail(LOCK_MESSAGES[user.lock_state]);
    if (user.status === 'not_activated') return fail(ErrorCode.accountNotActivated);
    if (request.auth) await destroySession(db, request.auth.sessionIdHash);
    const { token, csrfToken } = await createSession(db, clock, request.tenant, user.user_id);
    setSessionCookies(request, reply, token, csrfToken);
    await audit(db, { tenantId: request.tenant.id, userId: user.user_id, action: 'login_sso', entity: 'user', entityId: String(user.user_id), detail: { idp: claims.idp } });
    return reply.redirect('/', 303);
  });
}
