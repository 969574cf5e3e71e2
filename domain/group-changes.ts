import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';
import { wouldCycle } from './groups.ts';

/**
 * Issue 22: who may change the group tree, and how. A group decides two things for its members:
 * the customers they see (its scope) and how they sign in (its single sign-on, inherited down the
 * tree). A caller may change only groups wholly inside their own customers, so that no change of
 * theirs reaches a group, a member or a sign-in they cannot see. Pure: the server reads the tenant's
 * groups, asks `groupChangeRefusal`, and writes only when it answers nothing; the model test
 * (group-changes.test.ts) checks the same function against random sequences of changes.
 */

/** A group as the scope and single sign-on rules see it. */
export interface GroupState {
  id: number;
  parent_group_id: number | null;
  customers: readonly string[];
  include_child_accounts: boolean;
  sso_enabled: boolean;
  /** The tenant identity provider the group chose (tenant configuration `identityProviders[].id`); null: none of its own. */
  identity_provider_id: string | null;
}

/** Single sign-on as it applies to a group: its own settings or those of the nearest ancestor with some. */
export interface EffectiveSso {
  /** The group the settings come from. */
  sourceGroupId: number;
  /** Members sign in only through the identity provider. */
  enabled: boolean;
  /** The provider: the source group's, else the nearest one chosen above it; null when none is. */
  providerId: string | null;
}

type SsoNode = Pick<GroupState, 'id' | 'parent_group_id' | 'sso_enabled' | 'identity_provider_id'>;

/** Groups by id, however the caller holds them. */
const byIdOf = <G extends { id: number }>(groups: ReadonlyMap<number, G> | readonly G[]): ReadonlyMap<number, G> =>
  groups instanceof Map ? groups : new Map((groups as readonly G[]).map((group) => [group.id, group]));

/** The group and its ancestors, nearest first; a cycle in the parent chain (which the rules refuse) ends the walk. */
function chainOf<G extends { id: number; parent_group_id: number | null }>(byId: ReadonlyMap<number, G>, groupId: number | null): G[] {
  const chain: G[] = [];
  let current = groupId === null ? undefined : byId.get(groupId);
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = current.parent_group_id === null ? undefined : byId.get(current.parent_group_id);
  }
  return chain;
}

/**
 * The single sign-on that applies to a group (issue 17): a group has settings of its own when SSO
 * is on for it or it chose a provider (SSO on or, explicitly, off); one without inherits the nearest
 * ancestor's. The provider is the source group's, else the nearest chosen above it, so a child may
 * switch SSO on under its parent's provider. Undefined: password sign-in.
 */
export function effectiveSso(groups: ReadonlyMap<number, SsoNode> | readonly SsoNode[], groupId: number | null): EffectiveSso | undefined {
  const chain = chainOf(byIdOf(groups), groupId);
  const source = chain.findIndex((group) => group.sso_enabled || group.identity_provider_id !== null);
  if (source < 0) return undefined;
  const provider = chain.slice(source).find((group) => group.identity_provider_id !== null);
  return { sourceGroupId: chain[source]!.id, enabled: chain[source]!.sso_enabled, providerId: provider?.identity_provider_id ?? null };
}

/** The ids of every group below `groupId`, at any depth. */
export function descendantIds(groups: readonly GroupState[], groupId: number): number[] {
  const found: number[] = [];
  let frontier = [groupId];
  while (frontier.length > 0) {
    const next = groups
      .filter(
        (group) =>
          group.parent_group_id !== null && frontier.includes(group.parent_group_id) && group.id !== groupId && !found.includes(group.id),
      )
      .map((group) => group.id);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/**
 * The customers a member of the group sees (server/groups/scope.ts groupScopeSql, the same rule):
 * the group's own, and when it includes child accounts those of every group below it, at any depth.
 */
export function groupScope(groups: readonly GroupState[], groupId: number): string[] {
  const group = groups.find((one) => one.id === groupId);
  if (!group) return [];
  const members = group.include_child_accounts ? [groupId, ...descendantIds(groups, groupId)] : [groupId];
  const customers = groups.filter((one) => members.includes(one.id)).flatMap((one) => one.customers);
  return [...new Set(customers)].sort();
}

/** A caller may see (and manage) a group when every customer its members see is one of the caller's. */
export function groupVisibleTo(groups: readonly GroupState[], groupId: number, callerCustomers: readonly string[]): boolean {
  return (
    groups.some((group) => group.id === groupId) && groupScope(groups, groupId).every((customer) => callerCustomers.includes(customer))
  );
}

/** A group is wholly inside the caller's scope when the caller sees it and every group below it. */
export function whollyVisibleTo(groups: readonly GroupState[], groupId: number, callerCustomers: readonly string[]): boolean {
  return [groupId, ...descendantIds(groups, groupId)].every((id) => groupVisibleTo(groups, id, callerCustomers));
}

/** A refusal: the status, the request field it is about and the translated code. */
export interface GroupChangeRefusal {
  status: 403 | 422;
  field: string;
  code: ErrorCodeKey;
  meta?: Record<string, string>;
}

/**
 * Why the caller may not make this change, or undefined when they may. `after` is the group as the
 * change leaves it (a new group: an id not in `groups`). The rules, and the harm each prevents:
 * - a changed group, and every group below it, is one the caller sees: its members' customers, and
 *   the sign-in its descendants inherit, stay the caller's to decide (a child group another admin
 *   made, with customers the caller cannot see, keeps its members' sign-in);
 * - its customers are the caller's own;
 * - a new or moved group goes under a parent the caller sees, never under itself;
 * - when a group is created, moved or its customers change, every group above it that includes
 *   child accounts (old place and new) is one the caller sees: those groups' members gain or lose
 *   the group's customers, so no organisation's tree gains or loses a customer by another's hand;
 * - the provider is one of the tenant's, and no group the change touches is left with single
 *   sign-on on and no provider up its tree (its members could not sign in at all).
 */
export function groupChangeRefusal(
  groups: readonly GroupState[],
  callerCustomers: readonly string[],
  after: GroupState,
  providerIds: readonly string[],
): GroupChangeRefusal | undefined {
  const before = groups.find((group) => group.id === after.id);
  const outOfScope = (field: string): GroupChangeRefusal => ({ status: 403, field, code: ErrorCode.groupOutOfScope });

  if (before && !whollyVisibleTo(groups, before.id, callerCustomers)) return outOfScope('');
  const outside = after.customers.find((customer) => !callerCustomers.includes(customer));
  if (outside !== undefined)
    return { status: 422, field: 'customers', code: ErrorCode.groupCustomerOutOfScope, meta: { customer: outside } };
  if (after.identity_provider_id !== null && !providerIds.includes(after.identity_provider_id)) {
    return { status: 422, field: 'identity_provider_id', code: ErrorCode.groupIdentityProviderUnknown };
  }

  const moved = !before || before.parent_group_id !== after.parent_group_id;
  if (moved && after.parent_group_id !== null) {
    if (!groupVisibleTo(groups, after.parent_group_id, callerCustomers)) return outOfScope('parent_group_id');
    if (before && wouldCycle(groups, before.id, after.parent_group_id)) {
      return { status: 422, field: 'parent_group_id', code: ErrorCode.groupParentCycle };
    }
  }
  const customersChanged =
    !before ||
    before.customers.length !== after.customers.length ||
    before.customers.some((customer) => !after.customers.includes(customer));
  if (moved || customersChanged) {
    const byId = byIdOf(groups);
    const above = [...chainOf(byId, before?.parent_group_id ?? null), ...chainOf(byId, after.parent_group_id)];
    const hidden = above.find((group) => group.include_child_accounts && !groupVisibleTo(groups, group.id, callerCustomers));
    if (hidden) return outOfScope(moved ? 'parent_group_id' : 'customers');
  }

  const changed = [...groups.filter((group) => group.id !== after.id), after];
  const stranded = [after.id, ...(before ? descendantIds(changed, after.id) : [])].some((id) => {
    const sso = effectiveSso(changed, id);
    return sso?.enabled === true && sso.providerId === null;
  });
  if (stranded) return { status: 422, field: 'identity_provider_id', code: ErrorCode.groupSsoProviderRequired };
  return undefined;
}
