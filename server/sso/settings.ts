import type { Database } from '../db/database.ts';

/** A group's single sign-on settings as stored (migration 007 and the original sso_enabled flag). */
export interface GroupSsoRow {
  id: number;
  parent_group_id: number | null;
  sso_enabled: boolean;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret_env: string | null;
}

/** The settings that apply to a group: its own, or those of the nearest ancestor that has some. */
export interface EffectiveSsoSettings {
  /** The group the settings come from (the group itself when it has its own). */
  sourceGroupId: number;
  /** Users of the group sign in only through the identity provider. */
  enabled: boolean;
  issuer: string | null;
  clientId: string | null;
  /** The NAME of the environment variable holding the client secret; never the secret. */
  clientSecretEnv: string | null;
}

/** A group has settings of its own when SSO is switched on for it or it names an issuer. */
const hasOwnSettings = (group: GroupSsoRow) => group.sso_enabled || group.oidc_issuer !== null;

/**
 * The settings that apply to `groupId`, walking up the parent chain: a child group without settings
 * of its own inherits the nearest ancestor's. Undefined when neither it nor any ancestor has any
 * (password sign-in). A cycle in the parent chain (which the group screens refuse) ends the walk.
 */
export function resolveSsoSettings(groups: ReadonlyMap<number, GroupSsoRow>, groupId: number | null): EffectiveSsoSettings | undefined {
  const seen = new Set<number>();
  let current = groupId === null ? undefined : groups.get(groupId);
  while (current && !seen.has(current.id)) {
    if (hasOwnSettings(current)) {
      return {
        sourceGroupId: current.id, enabled: current.sso_enabled, issuer: current.oidc_issuer,
        clientId: current.oidc_client_id, clientSecretEnv: current.oidc_client_secret_env,
      };
    }
    seen.add(current.id);
    current = current.parent_group_id === null ? undefined : groups.get(current.parent_group_id);
  }
  return undefined;
}

/** Whether the settings are complete enough to send a user to the provider. */
export function isUsable(settings: EffectiveSsoSettings | undefined): settings is EffectiveSsoSettings & { issuer: string; clientId: string } {
  return settings !== undefined && settings.enabled && Boolean(settings.issuer) && Boolean(settings.clientId);
}

/** Every group of a tenant with its SSO columns, by id (tenants have tens of groups, not thousands). */
export async function tenantGroups(db: Database, tenantId: string): Promise<Map<number, GroupSsoRow>> {
  const rows = await db.selectFrom('user_groups')
    .select(['id', 'parent_group_id', 'sso_enabled', 'oidc_issuer', 'oidc_client_id', 'oidc_client_secret_env'])
    .where('tenant_id', '=', tenantId).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The SSO settings that apply to one group of the tenant (for the group screens and the sign-in). */
export async function effectiveSsoSettings(db: Database, tenantId: string, groupId: number | null): Promise<EffectiveSsoSettings | undefined> {
  if (groupId === null) return undefined;
  return resolveSsoSettings(await tenantGroups(db, tenantId), groupId);
}

/**
 * The provider the sign-in start sends a name to when its user has none (unknown names, password
 * users): the tenant's first group with usable settings, so the start answers alike for every name.
 */
export function tenantDefaultSso(groups: ReadonlyMap<number, GroupSsoRow>): (EffectiveSsoSettings & { issuer: string; clientId: string }) | undefined {
  for (const id of [...groups.keys()].sort((a, b) => a - b)) {
    const settings = resolveSsoSettings(groups, id);
    if (isUsable(settings) && settings.sourceGroupId === id) return settings;
  }
  return undefined;
}
