import { ErrorCode } from '../../domain/error-codes.ts';
import { LOCKS_ADMIN_MAY_LIFT } from '../../domain/users.ts';
import type { AppDeps } from '../deps.ts';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { authOf } from '../auth/access.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { audit } from '../audit.ts';
import { ApiError } from '../http/errors.ts';
import { responses, singleDocument } from '../http/api-schema.ts';
import { userResourceSchema } from './resource.ts';
import { idParams, lockBody } from './request-schemas.ts';
import { existingUser } from './queries.ts';
import { sendUser } from './resource.ts';

/** Locking and unlocking a user (spec §4 "locked by administrator"; a support lock is support's to lift). */
export function userLockRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  app.post(
    '/users/:id/lock',
    {
      schema: { params: idParams, body: lockBody, response: responses(singleDocument(userResourceSchema), 'The user locked') },
      config: {
        access: { can: ['update', 'User'] },
        summary:
          'Lock a user (spec §4 "locked by administrator"): ends their sessions and refuses their sign-in; SSO management is untouched',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await existingUser(db, auth, request.params.id);
      if (Number(row.user_id) === Number(auth.user.user_id)) throw new ApiError(409, ErrorCode.cannotLockSelf);
      // A user already locked keeps the state they have (a support lock stays a support lock).
      if (row.lock_state === null) {
        const reason = request.body?.reason?.trim() || null;
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ lock_state: 'locked_by_admin', lock_reason: reason })
            .where('user_id', '=', row.user_id)
            .execute();
          await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
          await audit(trx, {
            tenantId: request.tenant.id,
            userId: auth.user.user_id,
            action: 'user_locked',
            entity: 'user',
            entityId: String(row.user_id),
            detail: { reason },
          });
        });
        await forgetSessions({ user: Number(row.user_id) });
      }
      return sendUser(db, reply, auth, request.params.id);
    },
  );

  app.post(
    '/users/:id/unlock',
    {
      schema: { params: idParams, response: responses(singleDocument(userResourceSchema), 'The user unlocked') },
      config: {
        access: { can: ['update', 'User'] },
        summary: 'Unlock a user; a lock set by support stays until support lifts it (409 errors.users.unlockNeedsSupport)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await existingUser(db, auth, request.params.id);
      if (row.lock_state === 'locked_by_support') throw new ApiError(409, ErrorCode.unlockNeedsSupport);
      if (row.lock_state !== null && (LOCKS_ADMIN_MAY_LIFT as readonly string[]).includes(row.lock_state)) {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ lock_state: null, lock_reason: null, failed_logins: 0, login_locks: 0, login_locked_until: null })
            .where('user_id', '=', row.user_id)
            .execute();
          await audit(trx, {
            tenantId: request.tenant.id,
            userId: auth.user.user_id,
            action: 'user_unlocked',
            entity: 'user',
            entityId: String(row.user_id),
          });
        });
        await forgetSessions({ user: Number(row.user_id) });
      }
      return sendUser(db, reply, auth, request.params.id);
    },
  );
}
