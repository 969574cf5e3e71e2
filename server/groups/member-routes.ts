import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { audit } from '../audit.ts';
import { responses, singleDocument } from '../http/api-schema.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { managedUsers } from '../users/queries.ts';
import { idParams, membersBody } from './request-schemas.ts';
import { groupResourceSchema, sendGroup } from './resource.ts';
import { visibleGroup } from './queries.ts';

/** Adding users to a group, or moving them from another (spec §2 /manage-groups, issue 17). */
export function groupMemberRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  app.post(
    '/user-groups/:id/users',
    {
      schema: {
        params: idParams,
        body: membersBody,
        response: responses(singleDocument(groupResourceSchema), 'The users are members of the group'),
      },
      config: {
        access: { can: ['update', 'UserGroup'] },
        summary:
          'Add users to a group; users in another group are moved only with move: true (else 409 errors.groups.userInOtherGroup naming them). Their row scope changes at once',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const tenantId = request.tenant.id;
      const { group } = await visibleGroup(db, tenantId, auth, request.params.id);
      if (!group) throw notFound();
      const ids = [
        ...new Set([...(request.body.user_ids ?? []), ...(request.body.user_id !== undefined ? [request.body.user_id] : [])].map(Number)),
      ];
      if (ids.length === 0) throw unprocessable(ErrorCode.fieldRequired, { pointer: '/user_ids' }, { field: 'user_ids' });
      const users = await managedUsers(db, auth)
        .select(['u.user_id', 'u.username', 'u.user_group_id', 'g.name as group_name'])
        .where('u.user_id', 'in', ids)
        .execute();
      if (users.length !== ids.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/user_ids' });
      const elsewhere = users.filter((user) => user.user_group_id !== null && Number(user.user_group_id) !== group.id);
      if (elsewhere.length > 0 && request.body.move !== true) {
        throw new ApiError(
          409,
          ErrorCode.groupUserInOtherGroup,
          { pointer: '/user_ids' },
          {
            users: elsewhere.map((user) => user.username).join(', '),
            from: [...new Set(elsewhere.map((user) => user.group_name))].join(', '),
            to: group.name,
          },
        );
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ user_group_id: group.id }).where('user_id', 'in', ids).execute();
        await audit(trx, {
          tenantId,
          userId: auth.user.user_id,
          action: 'group_users_added',
          entity: 'user_group',
          entityId: String(group.id),
          detail: { users: ids, moved: elsewhere.map((user) => Number(user.user_id)) },
        });
      });
      for (const id of ids) await forgetSessions({ user: id });
      return sendGroup(db, reply, request.tenant, auth, group.id);
    },
  );
}
