import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { checkPassword } from '../../domain/password-rules.ts';
import type { LockState } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { badRequest, unprocessable } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken } from './tokens.ts';
import { audit } from '../audit.ts';
import { normaliseName } from './sign-in-limits.ts';
import { subjectThrottle } from './throttle.ts';
import { RESET_TOKEN_MINUTES, enqueuePasswordResetMail, enqueueUsernameMail } from '../jobs/recovery-mail.ts';
import { forgetSessions } from './session-revocation.ts';
import { metaDocument, responses, strictObject } from '../http/api-schema.ts';

export { RESET_TOKEN_MINUTES };

/** Locks a successful reset lifts: they are about the password; locks by people (admin, support) stay. */
const LOCKS_CLEARED_BY_RESET: LockState[] = ['expired_password', 'password_change_required', 'exceeded_login_attempts'];

const forgotUsernameBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
} as const;

const forgotPasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const resetPasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password', 'confirm_password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    // Generous bounds only; the tenant's rules decide (and answer with the unmet ones).
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    confirm_password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

/** Both recovery requests answer alike whether or not an account matched (no enumeration). */
const ACCEPTED = { meta: { accepted: true } };

/** spec §7 implied calls "send username or password recovery email", and the reset itself (spec §5 password rules). */
export function recoveryRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock } = deps;

  // Issue 12: both requests answer at once and alike; a job does the lookup and the mail (server/jobs/recovery-mail.ts).
  const requestsPerAccount = subjectThrottle(app, 'recoveryPerAccount');

  app.post(
    '/auth/forgot-username',
    {
      schema: {
        body: forgotUsernameBody,
        response: responses(
          metaDocument(strictObject({ accepted: { type: 'boolean', const: true } })),
          'Accepted, whether or not the account exists',
          202,
        ),
      },
      config: {
        access: { public: true },
        summary:
          'Email the usernames registered with this address in this tenant; 202 at once whether or not any exist (the mail goes out from a job)',
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      await requestsPerAccount.attempt(request, reply, `email:${email}`);
      await enqueueUsernameMail(db, request.tenant.id, email, clock.now());
      return reply.status(202).type(JSON_API).send(ACCEPTED);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        body: forgotPasswordBody,
        response: responses(
          metaDocument(strictObject({ accepted: { type: 'boolean', const: true } })),
          'Accepted, whether or not the account exists',
          202,
        ),
      },
      config: {
        access: { public: true },
        summary: `Email a one-time password reset link (${RESET_TOKEN_MINUTES} minutes; it voids older ones); 202 at once whether or not the account exists (the mail goes out from a job)`,
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      await requestsPerAccount.attempt(request, reply, `username:${normaliseName(username)}`);
      await enqueuePasswordResetMail(db, request.tenant.id, username, clock.now());
      return reply.status(202).type(JSON_API).send(ACCEPTED);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { body: resetPasswordBody, response: responses(null, 'Password changed', 204) },
      config: {
        access: { public: true },
        summary: 'Set a new password with a reset link: tenant password rules and history apply; ends every session of the user',
      },
    },
    async (request, reply) => {
      const tenant = request.tenant;
      const rules = tenant.limits.password;
      const { token, password, confirm_password: confirmation } = request.body;
      const tokenHash = hashToken(token);
      const now = clock.now();

      const link = await db
        .selectFrom('password_reset_tokens as t')
        .innerJoin('users as u', 'u.user_id', 't.user_id')
        .select(['t.user_id', 't.expires_at', 't.used_at', 'u.password_hash'])
        .where('t.token_hash', '=', tokenHash)
        .where('u.tenant_id', '=', tenant.id)
        .executeTakeFirst();
      if (!link || link.used_at !== null || new Date(link.expires_at).getTime() <= now.getTime()) {
        throw badRequest(ErrorCode.resetLinkInvalid, { pointer: '/token' });
      }
      if (password !== confirmation) throw unprocessable(ErrorCode.passwordsDoNotMatch, { pointer: '/confirm_password' });
      const unmet = checkPassword(password, rules);
      if (unmet.length > 0) {
        throw unprocessable(
          ErrorCode.passwordRequirementsNotMet,
          { pointer: '/password' },
          { unmet_rules: unmet.map((item) => item.rule), unmet },
        );
      }
      if (rules.historySize > 0) {
        const history = await db
          .selectFrom('password_history')
          .select('password_hash')
          .where('user_id', '=', link.user_id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(rules.historySize)
          .execute();
        const recent = new Set([link.password_hash, ...history.map((row) => row.password_hash)]);
        for (const hash of recent) {
          if (await verifyPassword(hash, password)) throw unprocessable(ErrorCode.passwordAlreadyUsed, { pointer: '/password' });
        }
      }

      const passwordHash = await hashPassword(password);
      const resetUser = await db.transaction().execute(async (trx) => {
        // Consuming the link is the guard: of two concurrent resets with one link, one wins.
        const consumed = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!consumed) throw badRequest(ErrorCode.resetLinkInvalid, { pointer: '/token' });
        const userId = consumed.user_id;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, failed_logins: 0, login_locks: 0, login_locked_until: null })
          .where('user_id', '=', userId)
          .execute();
        // Issue 17: an invitation is this same link; setting the first password activates the account.
        await trx
          .updateTable('users')
          .set({ status: 'active' })
          .where('user_id', '=', userId)
          .where('status', '=', 'not_activated')
          .execute();
        await trx
          .updateTable('users')
          .set({ lock_state: null, lock_reason: null })
          .where('user_id', '=', userId)
          .where('lock_state', 'in', LOCKS_CLEARED_BY_RESET)
          .execute();
        await trx.insertInto('password_history').values({ user_id: userId, password_hash: passwordHash, created_at: now }).execute();
        // Any other link still out for this user ends too.
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await audit(trx, { tenantId: tenant.id, userId, action: 'password_reset', entity: 'user', entityId: String(userId) });
        return userId;
      });
      // Every session of the user ended with the reset.
      await forgetSessions({ user: resetUser });
      return reply.status(204).send();
    },
  );
}
