import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';

/**
 * User groups (issue 17; spec §3 group fields, §4 group membership, §6 SSO per group).
 * Pure rules shared by the group wizard and the server.
 */

export const GROUP_NAME_MAX = 100;
/** Network access choices of the wizard's second step. */
export const NETWORK_ACCESS = ['internet', 'vpn', 'office'] as const;
export type NetworkAccess = (typeof NETWORK_ACCESS)[number];

/** The client secret is read from this environment variable; only its name is stored. */
export const SECRET_ENV_PATTERN = '^[A-Z][A-Z0-9_]*$';
export const SECRET_ENV_MAX = 100;

export interface GroupSsoInput {
  sso_enabled?: boolean | undefined;
  identity_provider?: string | null | undefined;
  oidc_issuer?: string | null | undefined;
  oidc_client_id?: string | null | undefined;
  oidc_client_secret_env?: string | null | undefined;
}

export interface GroupProblem { field: string; code: ErrorCodeKey }

/** An issuer is an https URL, or http on localhost (the shipped local provider). */
export function issuerAcceptable(issuer: string): boolean {
  let url: URL;
  try { url = new URL(issuer); } catch { return false; }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1');
}

export function groupNameProblems(name: string | undefined): GroupProblem[] {
  const value = (name ?? '').trim();
  if (!value) return [{ field: 'name', code: ErrorCode.fieldRequired }];
  if ([...value].length > GROUP_NAME_MAX) return [{ field: 'name', code: ErrorCode.groupNameTooLong }];
  return [];
}

/** The wizard's second step: an issuer and env name are each optional (inherited) but must be well formed. */
export function groupSsoProblems(input: GroupSsoInput): GroupProblem[] {
  const problems: GroupProblem[] = [];
  if (input.oidc_issuer && !issuerAcceptable(input.oidc_issuer)) problems.push({ field: 'oidc_issuer', code: ErrorCode.groupIssuerInvalid });
  const env = input.oidc_client_secret_env;
  if (env && (env.length > SECRET_ENV_MAX || !new RegExp(SECRET_ENV_PATTERN).test(env))) {
    problems.push({ field: 'oidc_client_secret_env', code: ErrorCode.groupSecretEnvInvalid });
  }
  // A client id without an issuer (or the reverse) names half a provider.
  if (Boolean(input.oidc_issuer) !== Boolean(input.oidc_client_id)) {
    problems.push({ field: input.oidc_issuer ? 'oidc_client_id' : 'oidc_issuer', code: ErrorCode.fieldRequired });
  }
  return problems;
}

export interface GroupNode { id: number; parent_group_id: number | null }

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
