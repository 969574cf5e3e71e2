import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Issue 17 row scope by group: the customers a user may see, as one SQL array expression over
 * the `users` row in the query (`users.user_id`, `users.user_group_id`).
 *
 * A user in a group sees the group's customers, and when the group includes child accounts the
 * customers of every group below it too (spec §3 "include child accounts"). A user in no group
 * keeps the customers granted to them one by one (user_customers). Read on every session lookup
 * (server/auth/sessions.ts), so moving a user or changing a group's customers changes what the
 * API returns at once (the writers drop the session cache).
 */
export function customerScopeSql(users: 'users' | 'u' = 'users'): RawBuilder<string[]> {
  const userId = sql.ref(`${users}.user_id`);
  const groupId = sql.ref(`${users}.user_group_id`);
  return sql<string[]>`(case when ${groupId} is null
    then array(select uc.buid_customer from user_customers uc where uc.user_id = ${userId} order by 1)
    else array(
      with recursive scope_groups(id) as (
        select g.id from user_groups g where g.id = ${groupId}
        union
        select child.id from user_groups child join scope_groups parent on child.parent_group_id = parent.id
        where (select top.include_child_accounts from user_groups top where top.id = ${groupId})
      )
      select distinct ugc.buid_customer from user_group_customers ugc join scope_groups sg on sg.id = ugc.user_group_id order by 1)
    end)`;
}

/** The customers a member of `groupId` would see (the same rule as customerScopeSql). */
export async function groupCustomerScope(db: Kysely<DB>, groupId: number): Promise<string[]> {
  const row = await sql<{ ids: string[] }>`select array(
      with recursive scope_groups(id) as (
        select g.id from user_groups g where g.id = ${groupId}
        union
        select child.id from user_groups child join scope_groups parent on child.parent_group_id = parent.id
        where (select top.include_child_accounts from user_groups top where top.id = ${groupId})
      )
      select distinct ugc.buid_customer from user_group_customers ugc join scope_groups sg on sg.id = ugc.user_group_id order by 1) as ids`.execute(db);
  return row.rows[0]?.ids ?? [];
}
