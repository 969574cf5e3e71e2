import { ErrorCode } from '../../domain/error-codes.ts';
import {
  ACCESS_LEVELS,
  EMAIL_MAX,
  LOCKS_ADMIN_MAY_LIFT,
  USER_ROLES,
  emailProblems,
  nameProblems,
  roleLabel,
  rolesFor,
  splitName,
  usernameProblems,
  type UserProblem,
} from '../../domain/users.ts';
import type { AppDeps } from '../deps.ts';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { authOf } from '../auth/access.ts';
import type { AuthContext } from '../auth/context.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { audit } from '../audit.ts';
import { groupCustomerScope, groupSsoSql } from '../groups/scope.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { sql } from 'kysely';
import { likePattern } from '../db/like-pattern.ts';
import { idInteger, pagedDocument, responses, singleDocument } from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newToken } from '../auth/tokens.ts';
import { managedUser, managedUsers, managesMerchants, withUserColumns, type UserRow } from './queries.ts';
import { userResource, userResourceSchema } from './resource.ts';
import { sendInvitation } from './invite.ts';
import type { Database } from '../db/database.ts';
import type { Tenant } from '../../domain/tenant.ts';

const userList = {
  filters: ['search', 'role', 'status', 'locked', 'user_group_id'] as const,
  sorts: ['username', 'full_name', 'email_address', 'role', 'user_group', 'status'] as const,
  defaultSort: [{ field: 'username', direction: 'asc' }] as const,
  filterSchemas: {
    status: { type: 'string', enum: ['active', 'not_activated'] },
    locked: { type: 'string', enum: ['true', 'false'] },
    user_group_id: { type: 'string', pattern: '^[0-9]{1,12}$' },
    role: { type: 'string', maxLength: 40 },
  },
} as const;
const SORT_COLUMNS = {
  username: 'u.username',
  full_name: 'u.last_name',
  email_address: 'u.email_address',
  role: 'u.role',
  user_group: 'g.name',
  status: 'u.status',
} as const;

const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } },
} as const;
// Generous bounds only: the tenant's name length and the domain rules answer with their own codes.
const nameText = { type: 'string', maxLength: 400 } as const;
const userFields = {
  first_name: nameText,
  last_name: nameText,
  full_name: { description: 'spec §5 hint: first and last name in one field, used when both are absent', ...nameText },
  email_address: { type: 'string', maxLength: EMAIL_MAX + 50 },
  role: { type: 'string', description: `One of ${USER_ROLES.join(', ')} (any casing)`, maxLength: 40 },
  access_level: { type: 'string', enum: [...ACCESS_LEVELS] },
} as const;
const inviteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email_address', 'role'],
  properties: {
    ...userFields,
    username: { type: 'string', maxLength: 200 },
    user_group_id: {
      description: 'Required for customer users: the group decides which customers they see',
      anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{1,12}$' }],
    },
  },
} as const;
const editBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...userFields,
    username: { type: 'string', maxLength: 200, description: 'Read-only: only the current username is accepted' },
  },
} as const;
const lockBody = { type: 'object', additionalProperties: false, properties: { reason: { type: 'string', maxLength: 200 } } } as const;

/** A PATCH body without its empty texts: the edit screen drops an emptied text; other callers may send '' for no change. */
function withoutEmptyTexts<B extends object>(body: B): Partial<B> {
  // Object.fromEntries types its keys as string; dropping entries only leaves properties out, hence Partial<B>.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '')) as Partial<B>;
}

/** The first problem as the API's refusal: 422, the field as pointer, its values as meta. */
function refuse(problems: UserProblem[]): void {
  const [problem] = problems;
  if (problem)
    throw unprocessable(
      problem.code as typeof ErrorCode.fieldRequired,
      { pointer: `/${problem.field}` },
      { field: problem.field, ...problem.values },
    );
}

/** A role of the side the user is on (issue 26: dealers are never given customer-only roles). */
function checkedRole(role: string | undefined, merchantSide: boolean) {
  const label = roleLabel(role);
  const allowed = rolesFor(merchantSide);
  if (!label || !allowed.includes(label))
    throw unprocessable(ErrorCode.validationEnum, { pointer: '/role' }, { field: 'role', limit: allowed.join(', ') });
  return label;
}

async function existingUser(db: Database, auth: AuthContext, id: string): Promise<UserRow> {
  const row = await managedUser(db, auth, Number(id));
  if (!row) throw notFound();
  return row;
}

/**
 * A group the caller may put a user in: one of the tenant's whose customers are all within the
 * caller's scope (else the new member would see what the admin cannot). Anything else is "not found".
 */
async function assignableGroup(db: Database, tenant: Tenant, auth: AuthContext, rawId: number | string | undefined) {
  if (rawId === undefined || rawId === '')
    throw unprocessable(ErrorCode.fieldRequired, { pointer: '/user_group_id' }, { field: 'user_group_id' });
  const group = await db
    .selectFrom('user_groups')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenant.id)
    .where('id', '=', Number(rawId))
    .executeTakeFirst();
  if (!group) throw new ApiError(404, ErrorCode.notFound, { pointer: '/user_group_id' });
  const scope = await groupCustomerScope(db, group.id);
  if (scope.some((customer) => !auth.customerIds.includes(customer)))
    throw new ApiError(404, ErrorCode.notFound, { pointer: '/user_group_id' });
  return group;
}

async function usernameTaken(db: Database, tenantId: string, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** A unique-index violation: another request created the same username first. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Whether members of the group sign in through an identity provider (the group's or an ancestor's setting). */
async function groupUsesSso(db: Database, groupId: number | null): Promise<boolean> {
  if (groupId === null) return false;
  const result = await sql<{ sso: boolean | null }>`select ${groupSsoSql(sql`${groupId}`)} as sso`.execute(db);
  return result.rows[0]?.sso === true;
}

/** spec §2 /manage-users, issue 17: list, invite, resend, edit, lock and unlock the account's users (Admin). */
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
      const row = await existingUser(db, auth, request.params.id);
      return reply.type(JSON_API).send({ data: userResource(row, Number(auth.user.user_id)) });
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
      const row = await existingUser(db, auth, String(userId));
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: userResource(row, Number(auth.user.user_id)) });
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
      return reply.type(JSON_API).send({ data: userResource(await existingUser(db, auth, request.params.id), Number(auth.user.user_id)) });
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
      return reply.type(JSON_API).send({ data: userResource(await existingUser(db, auth, request.params.id), Number(auth.user.user_id)) });
    },
  );

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
      return reply.type(JSON_API).send({ data: userResource(await existingUser(db, auth, request.params.id), Number(auth.user.user_id)) });
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
      return reply.type(JSON_API).send({ data: userResource(await existingUser(db, auth, request.params.id), Number(auth.user.user_id)) });
    },
  );
}
