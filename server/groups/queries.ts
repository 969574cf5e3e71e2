import { groupScope, type GroupState } from '../../domain/group-changes.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';

export interface GroupRow extends GroupState {
  name: string;
  network_access: string | null;
  customers: string[];
  user_count: number;
}

/** Every group of the tenant, as the group rules see them (domain/group-changes.ts) plus what the screens show. */
export async function tenantGroupRows(db: Database, tenantId: string): Promise<GroupRow[]> {
  const rows = await db
    .selectFrom('user_groups as g')
    .select((eb) => [
      'g.id',
      'g.name',
      'g.parent_group_id',
      'g.network_access',
      'g.identity_provider_id',
      'g.sso_enabled',
      'g.include_child_accounts',
      eb
        .fn<string[]>('array', [
          eb
            .selectFrom('user_group_customers as c')
            .select('c.buid_customer')
            .whereRef('c.user_group_id', '=', 'g.id')
            .orderBy('c.buid_customer'),
        ])
        .as('customers'),
      eb
        .selectFrom('users as u')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('u.user_group_id', '=', 'g.id')
        .as('user_count'),
    ])
    .where('g.tenant_id', '=', tenantId)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    parent_group_id: row.parent_group_id === null ? null : Number(row.parent_group_id),
    user_count: Number(row.user_count ?? 0),
  }));
}

/**
 * The tenant's groups the caller may manage: every customer a member would see (its scope, the rule
 * of server/groups/scope.ts as domain groupScope computes it) is the caller's.
 */
function visibleOf(groups: readonly GroupRow[], auth: AuthContext): GroupRow[] {
  return groups.filter((group) => groupScope(groups, group.id).every((customer) => auth.customerIds.includes(customer)));
}

export async function visibleGroups(db: Database, tenantId: string, auth: AuthContext): Promise<GroupRow[]> {
  return visibleOf(await tenantGroupRows(db, tenantId), auth);
}

export async function nameTaken(db: Database, tenantId: string, name: string, except?: number): Promise<boolean> {
  let query = db
    .selectFrom('user_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The caller's groups and, among them, the one asked for (undefined when it is not theirs). */
export async function visibleGroup(db: Database, tenantId: string, auth: AuthContext, id: number | string) {
  const groups = await visibleGroups(db, tenantId, auth);
  const group = groups.find((candidate) => candidate.id === Number(id));
  return { groups, group };
}
