import { withPermissionOverrides, type PermissionOverrides } from '../domain/policy-overrides.ts';
import type { Policy } from '../domain/policy.ts';
import { withOverride } from './overrides/tenant-overrides.ts';

/**
 * The role-permission matrix of the studio (issue 24): per user type, which rule sets each role
 * is granted, as the tenant's users get them (the shipped policy with the tenant's overrides).
 * `grants[userType][role]` lists the granted rule sets in the policy's order.
 */
export type GrantMatrix = Record<string, Record<string, string[]>>;

/** The rule sets in the policy's order: the matrix's columns. */
export function ruleSetNames(policy: Policy): string[] {
  return Object.keys(policy.ruleSets);
}

/** What each role of each user type is granted with the tenant's permission overrides in force. */
export function matrixOf(policy: Policy, overrides: PermissionOverrides | undefined): GrantMatrix {
  const effective = withPermissionOverrides(policy, overrides);
  const order = ruleSetNames(policy);
  const matrix: GrantMatrix = {};
  for (const [userType, roles] of Object.entries(effective.grants)) {
    matrix[userType] = {};
    for (const [role, ruleSets] of Object.entries(roles as Record<string, string[]>)) {
      matrix[userType][role] = order.filter((name) => ruleSets.includes(name));
    }
  }
  return matrix;
}

/** The matrix with one cell switched: `ruleSet` granted to (or taken from) the role. */
export function toggleGrant(
  matrix: GrantMatrix,
  userType: string,
  role: string,
  ruleSet: string,
  granted: boolean,
  policy: Policy,
): GrantMatrix {
  const current = matrix[userType]?.[role] ?? [];
  const next = granted ? [...new Set([...current, ruleSet])] : current.filter((name) => name !== ruleSet);
  const order = ruleSetNames(policy);
  return { ...matrix, [userType]: { ...matrix[userType], [role]: order.filter((name) => next.includes(name)) } };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name) => b.includes(name));
const isEmpty = (value: object | undefined) => !value || Object.keys(value).length === 0;

/**
 * The tenant's `overrides.permissions` that give the matrix: a JSON Merge Patch over the shipped
 * policy (RFC 7386; a role's list is replaced whole, as the server merges it), naming only the
 * roles that differ from the shipped policy, so a role set back to its shipped grants drops out
 * and the policy's later changes still reach it. The other sections the overrides held
 * (ruleSets, flagGates) are kept as they were. Undefined when nothing is left to override.
 */
export function overridesOf(
  policy: Policy,
  matrix: GrantMatrix,
  previous: PermissionOverrides | undefined,
): PermissionOverrides | undefined {
  const grants: Record<string, Record<string, string[]>> = {};
  for (const [userType, roles] of Object.entries(matrix)) {
    const shipped = (policy.grants as Record<string, Record<string, string[]>>)[userType] ?? {};
    for (const [role, ruleSets] of Object.entries(roles)) {
      if (sameSet(ruleSets, shipped[role] ?? [])) continue;
      grants[userType] = { ...grants[userType], [role]: ruleSets };
    }
  }
  const { grants: _previousGrants, ...otherSections } = previous ?? {};
  const overrides: PermissionOverrides = { ...otherSections, ...(isEmpty(grants) ? {} : { grants }) };
  return isEmpty(overrides) ? undefined : overrides;
}

/** A tenant document with its permission overrides replaced (and `overrides` dropped when it holds nothing). */
export function withPermissions<T extends { overrides?: { permissions?: PermissionOverrides } & Record<string, unknown> }>(
  document: T,
  permissions: PermissionOverrides | undefined,
): T {
  return withOverride(document, 'permissions', permissions);
}
