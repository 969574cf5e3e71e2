import { ErrorCode } from '../../domain/error-codes.ts';
import { emailProblems, nameProblems, splitName, usernameProblems } from '../../domain/users.ts';
import type { AppDeps } from '../deps.ts';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { authOf } from '../auth/access.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { audit } from '../audit.ts';
import { ApiError, unprocessable } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { likePattern } from '../db/like-pattern.ts';
import { pagedDocument, responses, singleDocument } from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newToken } from '../auth/tokens.ts';
import { managedUsers, managesMerchants, withUserColumns } from './queries.ts';
import { userResource, userResourceSchema } from './resource.ts';
import { sendInvitation } from './invite.ts';
import { SORT_COLUMNS, editBody, idParams, inviteBody, userList } from './request-schemas.ts';
import { checkedRole, isUniqueViolation, refuse, withoutEmptyTexts } from './checks.ts';
import { assignableGroup, existingUser, groupUsesSso, usernameTaken } from './queries.ts';
import { sendUser } from './resource.ts';

/** spec §2 /manage-users, issue 17: list, invite, resend and edit the account's users (Admin); locks in lock-routes.ts. */
export function userRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock, mailer } = deps;

  app.get(
    '/users',
    {
      schema: { querystring: listQuerystring(userList), response: responses(pagedDocument(userResourceSchema), 'Users, paged') },
      config: {
        access: { can: ['read', 'User'] },
        summary: "Users the caller manages: same tenant and side, scope within the caller's; search, filters, sort, paging",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, userList);
      let query = withUserColumns(managedUsers(db, auth));
      const { search, role, status, locked, user_group_id: groupId } = list.filters;
      if (search) {
        const pattern = likePattern(search);
        query = query.where((eb) =>
          eb.or([
            eb('u.username', 'ilike', pattern),
            eb('u.first_name', 'ilike', pattern),
            eb('u.last_name', 'ilike', pattern),
            eb('u.email_address', 'ilike', pattern),
            eb('g.name', 'ilike', pattern),
          ]),
        );
      }
      if (role) query = query.where((eb) => eb(eb.fn('lower', ['u.role']), '=', role.toLowerCase()));
      if (status) query = query.where('u.status', '=', status as 'active');
      if (locked) query = query.where('u.lock_state', locked === 'true' ? 'is not' : 'is', null);
      if (groupId) query = query.where('u.user_group_id', '=', Number(groupId));
      const { rows, meta } = await fetchPage(query, list, SORT_COLUMNS, 'u.user_id');
      return reply.type(JSON_API).send({ data: rows.map((row) => userResource(row, Number(auth.user.user_id))), meta: { page: meta } });
    },
  );

  app.get(
    '/users/:id',
    {
      schema: { params: idParams, response: responses(singleDocument(userResourceSchema), 'One user') },
      config: { access: { can: ['read', 'User'] }, summary: 'One user the caller manages' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return sendUser(db, reply, auth, request.params.id);
    },
  );

  app.post(
    '/users',
    {
      schema: { body: inviteBody, response: responses(singleDocument(userResourceSchema), 'The user invited', 201) },
      config: {
        access: { can: ['create', 'User'] },
        summary:
          "Invite a user: creates them (not activated) and emails a one-time link to set a password under the tenant's rules; 409 errors.users.userAlreadyExists (spec §5), 502 errors.users.failedToInvite when the mail cannot go out (nothing is kept)",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const tenant = request.tenant;
      const body = request.body;
      const username = body.username.trim();
      const names = splitName(body);
      refuse([...usernameProblems(username), ...nameProblems(names, tenant.limits.maxNameLength), ...emailProblems(body.email_address)]);
      const merchantSide = managesMerchants(auth);
      const role = checkedRole(body.role, merchantSide);
      const group = merchantSide ? undefined : await assignableGroup(db, tenant, auth, body.user_group_id);
      if (await usernameTaken(db, tenant.id, username)) throw new ApiError(409, ErrorCode.userAlreadyExists, { pointer: '/username' });
      const sso = await groupUsesSso(db, group?.id ?? null);
      const now = clock.now();
      // Nobody knows this password: the user sets theirs through the invitation link.
      const unusable = await hashPassword(newToken());
      let userId: number;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('users')
            .values({
              tenant_id: tenant.id,
              username,
              password_hash: unusable,
              first_name: names.first_name,
              last_name: names.last_name,
              email_address: body.email_address.trim(),
              user_type: auth.user.user_type,
              role,
              access_level: body.access_level ?? 'view_edit',
              // An SSO member signs in through the provider at once; anyone else once they set a password.
              status: sso ? 'active' : 'not_activated',
              lock_state: null,
              lock_reason: null,
              user_group_id: group?.id ?? null,
              language: auth.user.language,
              time_zone: auth.user.time_zone,
              created_at: now,
            })
            .returning(['user_id', 'username', 'first_name', 'last_name', 'email_address', 'language'])
            .executeTakeFirstOrThrow();
          if (merchantSide && auth.merchantIds.length > 0) {
            await trx
              .insertInto('user_merchants')
              .values(auth.merchantIds.map((merchant) => ({ user_id: created.user_id, buid_merchant: merchant })))
              .execute();
          }
          await audit(trx, {
            tenantId: tenant.id,
            userId: auth.user.user_id,
            action: 'user_invited',
            entity: 'user',
            entityId: String(created.user_id),
            detail: { role, group: group?.id ?? null },
          });
          try {
            await sendInvitation(trx, mailer, tenant, created, sso, now);
          } catch (error) {
            request.log.warn({ err: error }, 'invitation mail failed');
            throw new ApiError(502, ErrorCode.failedToInviteUser);
          }
          return Number(created.user_id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, ErrorCode.userAlreadyExists, { pointer: '/username' });
        throw error;
      }
      return sendUser(db, reply, auth, userId, 201);
    },
  );

  app.post(
    '/users/:id/invite',
    {
      schema: { params: idParams, response: responses(singleDocument(userResourceSchema), 'Invitation sent again') },
      config: {
        access: { can: ['update', 'User'] },
        summary:
          'Resend the invitation of a user who has not set a password yet; the new link voids the old one (409 errors.users.alreadyActive)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await existingUser(db, auth, request.params.id);
      if (row.status !== 'not_activated') throw new ApiError(409, ErrorCode.userAlreadyActive);
      const invitee = await db
        .selectFrom('users')
        .select(['user_id', 'username', 'first_name', 'last_name', 'email_address', 'language'])
        .where('user_id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        try {
          await sendInvitation(trx, mailer, request.tenant, invitee, row.sso, clock.now());
        } catch (error) {
          request.log.warn({ err: error }, 'invitation mail failed');
          throw new ApiError(502, ErrorCode.failedToInviteUser);
        }
        await audit(trx, {
          tenantId: request.tenant.id,
          userId: auth.user.user_id,
          action: 'user_invite_resent',
          entity: 'user',
          entityId: String(row.user_id),
        });
      });
      return sendUser(db, reply, auth, request.params.id);
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: { params: idParams, body: editBody, response: responses(singleDocument(userResourceSchema), 'The user changed') },
      config: {
        access: { can: ['update', 'User'] },
        summary: "Edit a user's names, email, role and access level; the username is read-only (422 errors.users.usernameReadOnly)",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const tenant = request.tenant;
      const row = await existingUser(db, auth, request.params.id);
      // PATCH: an empty field is no change.
      const body = withoutEmptyTexts(request.body);
      if (body.username !== undefined && body.username.trim() !== row.username) {
        throw unprocessable(ErrorCode.usernameReadOnly, { pointer: '/username' }, { field: 'username' });
      }
      const namesGiven = body.first_name !== undefined || body.last_name !== undefined || body.full_name !== undefined;
      const names = namesGiven
        ? splitName({
            first_name: body.first_name ?? (body.full_name ? undefined : row.first_name),
            last_name: body.last_name ?? (body.full_name ? undefined : row.last_name),
            full_name: body.full_name,
          })
        : { first_name: row.first_name, last_name: row.last_name };
      refuse([
        ...nameProblems(names, tenant.limits.maxNameLength),
        ...(body.email_address !== undefined ? emailProblems(body.email_address) : []),
      ]);
      const role = body.role !== undefined ? checkedRole(body.role, managesMerchants(auth)) : row.role;
      const changes = {
        first_name: names.first_name,
        last_name: names.last_name,
        role,
        email_address: body.email_address?.trim() ?? row.email_address,
        access_level: body.access_level ?? row.access_level,
      };
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set(changes)
          .where('user_id', '=', row.user_id)
          .where('tenant_id', '=', tenant.id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, ErrorCode.unableToUpdateUser);
        await audit(trx, {
          tenantId: tenant.id,
          userId: auth.user.user_id,
          action: 'user_updated',
          entity: 'user',
          entityId: String(row.user_id),
          detail: { role: changes.role, access_level: changes.access_level },
        });
      });
      // A new role changes what the user may do from their next request on.
      await forgetSessions({ user: Number(row.user_id) });
      return sendUser(db, reply, auth, request.params.id);
    },
  );
}
