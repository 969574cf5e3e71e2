import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { checkPassword } from './password-sign-in.ts';
import { createSession, destroySession } from './sessions.ts';
import { clearSessionCookies, setSessionCookies } from '../http/cookies.ts';
import { audit } from '../audit.ts';
import { clearFailedSignIns } from './login-lock.ts';
import { normaliseName } from './sign-in-limits.ts';
import { signInFailureThrottle, type FailureReservation } from './throttle.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { selfDocument, selfDocumentSchema } from '../session/self-document.ts';
import { forgetSessions } from './session-revocation.ts';
import { responses } from '../http/api-schema.ts';
import { effectiveSsoSettings } from '../sso/settings.ts';
import { LOCK_MESSAGES } from './lock-messages.ts';

const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 256 },
  },
} as const;

export function authRoutes(app: SchemaTypedApp, { db, clock, policy }: AppDeps): void {
  const failuresPerName = signInFailureThrottle(app);

  /**
   * The user the name and password belong to, or the one 401 that every failure shares (issue 12):
   * a missing user, a wrong password and a paused sign-in look alike in status, body, headers and time.
   */
  async function holderOfPassword(tenant: Tenant, username: string, password: string, reservation: FailureReservation): Promise<User> {
    const user = await checkPassword(db, clock, tenant, username, password);
    if (user) return user;
    await reservation.failed();
    throw new ApiError(401, ErrorCode.credentialsInvalid);
  }

  app.post(
    '/auth/login',
    {
      schema: { body: loginBody, response: responses(selfDocumentSchema, 'Signed in: the user, meta.csrf_token') },
      config: {
        access: { public: true },
        summary: 'Sign in with username and password; rotates the session. Every failure answers alike (401) until the password is right',
      },
    },
    async (request, reply) => {
      const tenant = request.tenant;
      const { username, password } = request.body;
      const subject = normaliseName(username);
      const reservation = await failuresPerName.reserveFailure(request, reply, subject);
      let user: User;
      try {
        user = await holderOfPassword(tenant, username, password, reservation);
      } finally {
        await reservation.release();
      }

      // Only a person who knows the password learns of locks, activation and SSO.
      if (user.lock_state) throw new ApiError(403, LOCK_MESSAGES[user.lock_state], undefined, { lock_state: user.lock_state });
      if (user.status === 'not_activated') throw new ApiError(403, ErrorCode.accountNotActivated);
      if (user.user_group_id !== null) {
        // A child group without settings of its own inherits the nearest ancestor's (issue 17).
        if ((await effectiveSsoSettings(db, tenant.id, user.user_group_id))?.enabled) throw new ApiError(403, ErrorCode.ssoRequired);
      }

      // Rotate: whatever session the browser had ends; a fresh id is issued.
      if (request.auth) await destroySession(db, request.auth.sessionIdHash);
      await clearFailedSignIns(db, user.user_id);
      await forgetSessions({ user: user.user_id });
      const { token, csrfToken } = await createSession(db, clock, tenant, user.user_id);
      setSessionCookies(request, reply, token, csrfToken);
      await audit(db, { tenantId: tenant.id, userId: user.user_id, action: 'login', entity: 'user', entityId: String(user.user_id) });
      return reply.type('application/vnd.api+json').send(await selfDocument(db, tenant, policy, user.user_id, csrfToken));
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: responses(null, 'Signed out', 204) }, config: { access: { public: true }, summary: 'End the session' } },
    async (request, reply) => {
      if (request.auth) await destroySession(db, request.auth.sessionIdHash);
      clearSessionCookies(request, reply);
      return reply.status(204).send();
    },
  );
}
