import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';

/**
 * User groups (issue 17; spec §3 group fields, §4 group membership, §6 SSO per group).
 * Pure rules shared by the group wizard and the server; who may change the tree is group-changes.ts.
 */

export const GROUP_NAME_MAX = 100;
/** Network access choices of the wizard's second step. */
export const NETWORK_ACCESS = ['internet', 'vpn', 'office'] as const;
export type NetworkAccess = (typeof NETWORK_ACCESS)[number];

export interface GroupProblem {
  field: string;
  code: ErrorCodeKey;
}

export function groupNameProblems(name: string | undefined): GroupProblem[] {
  const value = (name ?? '').trim();
  if (!value) return [{ field: 'name', code: ErrorCode.fieldRequired }];
  if ([...value].length > GROUP_NAME_MAX) return [{ field: 'name', code: ErrorCode.groupNameTooLong }];
  return [];
}

export interface GroupNode {
  id: number;
  parent_group_id: number | null;
}

/** True when making `parentId` the parent of `groupId` would put the group under itself. */
export function wouldCycle(groups: readonly GroupNode[], groupId: number, parentId: number | null): boolean {
  const parentOf = new Map(groups.map((group) => [group.id, group.parent_group_id]));
  let current = parentId;
  for (let steps = 0; current !== null && current !== undefined && steps <= groups.length; steps++) {
    if (current === groupId) return true;
    current = parentOf.get(current) ?? null;
  }
  return false;
}

/** Each group's path from the root ("Headquarters / East Region") and depth, for the tree view. */
export function groupPaths<G extends GroupNode & { name: string }>(groups: readonly G[]): Map<number, { path: string[]; depth: number }> {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const result = new Map<number, { path: string[]; depth: number }>();
  for (const group of groups) {
    const path: string[] = [];
    let current: G | undefined = group;
    const seen = new Set<number>();
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      path.unshift(current.name);
      current = current.parent_group_id === null ? undefined : byId.get(current.parent_group_id);
    }
    result.set(group.id, { path, depth: path.length - 1 });
  }
  return result;
}
