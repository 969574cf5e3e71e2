import { sql, type SelectQueryBuilder } from 'kysely';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { customerScopeSql, groupSsoSql } from '../groups/scope.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { groupCustomerScope } from '../groups/scope.ts';

const MERCHANT_TYPES = ['merchant'] as const;
const CUSTOMER_TYPES = ['customer', 'corporate'] as const;

/** The caller manages merchant (dealer) users when they are one, else customer-side users. */
export function managesMerchants(auth: AuthContext): boolean {
  return auth.user.user_type === 'merchant';
}

/**
 * Row scope of user administration (issue 17): the users of the caller's tenant and side
 * (customer or dealer) whose own scope lies within the caller's, so an admin never sees or
 * changes a user who can see accounts the admin cannot.
 */
export function managedUsers(db: Database, auth: AuthContext) {
  const base = db
    .selectFrom('users as u')
    .leftJoin('user_groups as g', 'g.id', 'u.user_group_id')
    .where('u.tenant_id', '=', auth.session.tenant_id);
  if (managesMerchants(auth)) {
    return base
      .where('u.user_type', 'in', [...MERCHANT_TYPES])
      .where(
        sql<boolean>`array(select um.buid_merchant from user_merchants um where um.user_id = u.user_id) <@ ${idsArray(auth.merchantIds)}`,
      );
  }
  return base
    .where('u.user_type', 'in', [...CUSTOMER_TYPES])
    .where(sql<boolean>`${customerScopeSql('u')} <@ ${idsArray(auth.customerIds)}`);
}

/** A text[] literal bound as one parameter (ids are plain identifiers; the array syntax is escaped). */
function idsArray(ids: readonly string[]) {
  return sql<string[]>`${`{${ids.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
}

export type ManagedUsersQuery = ReturnType<typeof managedUsers>;

/** The attributes a user row is shown with. */
export function withUserColumns<O>(query: SelectQueryBuilder<DB & { u: DB['users']; g: DB['user_groups'] }, 'u' | 'g', O>) {
  return query.select([
    'u.user_id',
    'u.username',
    'u.first_name',
    'u.last_name',
    'u.email_address',
    'u.role',
    'u.access_level',
    'u.status',
    'u.lock_state',
    'u.lock_reason',
    'u.user_group_id',
    'u.user_type',
    'u.invited_at',
    'g.name as user_group',
    sql<boolean>`coalesce(${ssoEnabledSql('u')}, false)`.as('sso'),
  ]);
}

/** Whether the user signs in through their group's (or an ancestor's) identity provider. */
export function ssoEnabledSql(users: 'u' | 'users') {
  return groupSsoSql(sql`${sql.ref(`${users}.user_group_id`)}`);
}

export async function managedUser(db: Database, auth: AuthContext, userId: number) {
  return withUserColumns(managedUsers(db, auth)).where('u.user_id', '=', userId).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof managedUser>>>;

/** A user the caller manages, or 404. */
export async function existingUser(db: Database, auth: AuthContext, id: string): Promise<UserRow> {
  const row = await managedUser(db, auth, Number(id));
  if (!row) throw notFound();
  return row;
}

/**
 * A group the caller may put a user in: one of the tenant's whose customers are all within the
 * caller's scope (else the new member would see what the admin cannot). Anything else is "not found".
 */
export async function assignableGroup(db: Database, tenant: Tenant, auth: AuthContext, rawId: number | string | undefined) {
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

export async function usernameTaken(db: Database, tenantId: string, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether members of the group sign in through an identity provider (the group's or an ancestor's setting). */
export async function groupUsesSso(db: Database, groupId: number | null): Promise<boolean> {
  if (groupId === null) return false;
  const result = await sql<{ sso: boolean | null }>`select ${groupSsoSql(sql`${groupId}`)} as sso`.execute(db);
  return result.rows[0]?.sso === true;
}
