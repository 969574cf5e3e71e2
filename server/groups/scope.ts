import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Issue 17 row scope by group. A member of a group sees the group's customers, and when the
 * group includes child accounts the customers of every group below it too (spec §3 "include
 * child accounts"), as one SQL array over `groupId` (an expression: a column or a parameter).
 */
function groupScopeSql(groupId: RawBuilder<unknown>): RawBuilder<string[]> {
  return sql<string[]>`array(
    with recursive scope_groups(id) as (
      select g.id from user_groups g where g.id = ${groupId}
      union
      select child.id from user_groups child join scope_groups parent on child.parent_group_id = parent.id
      where (select top.include_child_accounts from user_groups top where top.id = ${groupId})
    )
    select distinct ugc.buid_customer from user_group_customers ugc join scope_groups sg on sg.id = ugc.user_group_id order by 1)`;
}

/**
 * The customers a user may see, over the `users` row in the query (`users.user_id`,
 * `users.user_group_id`): their group's scope, or, for a user in no group, the customers granted
 * to them one by one (user_customers). Read on every session lookup (server/auth/sessions.ts), so
 * moving a user or changing a group's customers changes what the API returns at once (the writers
 * drop the session cache).
 */
export function customerScopeSql(users: 'users' | 'u' = 'users'): RawBuilder<string[]> {
  const userId = sql.ref(`${users}.user_id`);
  const groupId = sql.ref(`${users}.user_group_id`);
  return sql<string[]>`(case when ${groupId} is null
    then array(select uc.buid_customer from user_customers uc where uc.user_id = ${userId} order by 1)
    else ${groupScopeSql(sql`${groupId}`)}
    end)`;
}

/** The customers a member of `groupId` would see (the same rule). */
export async function groupCustomerScope(db: Kysely<DB>, groupId: number): Promise<string[]> {
  const result = await sql<{ ids: string[] }>`select ${groupScopeSql(sql`${groupId}`)} as ids`.execute(db);
  return result.rows[0]?.ids ?? [];
}

/**
 * Whether members of the group sign in through an identity provider: the nearest of the group and
 * its ancestors with settings of its own (SSO on, or a provider chosen) decides, as
 * domain/group-changes.ts effectiveSso does (child groups inherit SSO, issue 17; a child may opt
 * out). Null when there is no such group or none has settings.
 */
export function groupSsoSql(groupId: RawBuilder<unknown>): RawBuilder<boolean | null> {
  return sql<boolean | null>`(with recursive chain(id, parent_group_id, sso_enabled, identity_provider_id, depth) as (
      select g.id, g.parent_group_id, g.sso_enabled, g.identity_provider_id, 0 from user_groups g where g.id = ${groupId}
      union all
      select p.id, p.parent_group_id, p.sso_enabled, p.identity_provider_id, c.depth + 1 from user_groups p join chain c on p.id = c.parent_group_id where c.depth < 50
    ) select sso_enabled from chain where sso_enabled or identity_provider_id is not null order by depth limit 1)`;
}
