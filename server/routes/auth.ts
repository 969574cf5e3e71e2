import type { FastifyInstance } from 'fastify';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import type { LockState } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createSession, destroySession } from '../auth/sessions.ts';
import { clearSessionCookies, setSessionCookies } from '../http/cookies.ts';
import { audit } from '../audit.ts';
import { selfDocument, selfDocumentSchema } from './self-document.ts';
import { sessionCache } from '../auth/session-cache.ts';
import { responses } from '../http/api-schema.ts';

export const LOCK_MESSAGES: Record<LockState, ErrorCodeKey> = {
  locked_by_admin: ErrorCode.lockedByAdmin,
  locked_by_support: ErrorCode.lockedBySupport,
  challenge_phrase_change_required: ErrorCode.challengePhraseChangeRequired,
  exceeded_challenge_attempts: ErrorCode.exceededChallengeAttempts,
  exceeded_login_attempts: ErrorCode.exceededLoginAttempts,
  expired_password: ErrorCode.expiredPassword,
  password_change_required: ErrorCode.passwordChangeRequired,
};

const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 256 },
  },
} as const;

// Verifying against a real hash for unknown users keeps response times from telling which usernames exist.
let decoyHash: Promise<string> | undefined;

export function authRoutes(app: FastifyInstance, { db, clock, policy }: AppDeps): void {
  app.post<{ Body: { username: string; password: string } }>('/auth/login', {
    schema: { body: loginBody, response: responses(selfDocumentSchema, 'Signed in: the user, meta.csrf_token') }, config: { access: { public: true }, summary: 'Sign in with username and password; rotates the session' },
  }, async (request, reply) => {
    const tenant = request.tenant;
    const { username, password } = request.body;
    const user = await db.selectFrom('users').selectAll()
      .where('tenant_id', '=', tenant.id).where('username', '=', username.trim()).executeTakeFirst();
    if (!user) {
      decoyHash ??= hashPassword('decoy-password');
      await verifyPassword(await decoyHash, password);
      throw new ApiError(401, ErrorCode.credentialsInvalid);
    }
    if (user.lock_state) throw new ApiError(403, LOCK_MESSAGES[user.lock_state], undefined, { lock_state: user.lock_state });
    if (user.status === 'not_activated') throw new ApiError(403, ErrorCode.accountNotActivated);

    if (!(await verifyPassword(user.password_hash, password))) {
      const failed = user.failed_logins + 1;
      const locks = failed >= tenant.limits.loginAttemptsBeforeLock;
      await db.updateTable('users')
        .set({ failed_logins: failed, ...(locks ? { lock_state: 'exceeded_login_attempts' as const, lock_reason: 'exceeded login attempts' } : {}) })
        .where('user_id', '=', user.user_id).execute();
      sessionCache.evictUser(user.user_id);
      if (locks) {
        await audit(db, { tenantId: tenant.id, userId: user.user_id, action: 'lock', entity: 'user', entityId: String(user.user_id), detail: { lock_state: 'exceeded_login_attempts' } });
        throw new ApiError(403, ErrorCode.exceededLoginAttempts, undefined, { lock_state: 'exceeded_login_attempts' });
      }
      throw new ApiError(401, ErrorCode.credentialsInvalid, undefined, { attempts_left: tenant.limits.loginAttemptsBeforeLock - failed });
    }

    if (user.user_group_id !== null) {
      const group = await db.selectFrom('user_groups').select('sso_enabled').where('id', '=', user.user_group_id).executeTakeFirst();
      if (group?.sso_enabled) throw new ApiError(403, ErrorCode.ssoRequired);
    }

    // Rotate: whatever session the browser had ends; a fresh id is issued.
    if (request.auth) await destroySession(db, request.auth.sessionIdHash);
    await db.updateTable('users').set({ failed_logins: 0 }).where('user_id', '=', user.user_id).execute();
    sessionCache.evictUser(user.user_id);
    const { token, csrfToken } = await createSession(db, clock, tenant, user.user_id);
    setSessionCookies(request, reply, token, csrfToken);
    await audit(db, { tenantId: tenant.id, userId: user.user_id, action: 'login', entity: 'user', entityId: String(user.user_id) });
    return reply.type('application/vnd.api+json').send(await selfDocument(db, tenant, policy, user.user_id, csrfToken));
  });

  app.post('/auth/logout', { schema: { response: responses(null, 'Signed out', 204) }, config: { access: { public: true }, summary: 'End the session' } }, async (request, reply) => {
    if (request.auth) await destroySession(db, request.auth.sessionIdHash);
    clearSessionCookies(request, reply);
    return reply.status(204).send();
  });
}
