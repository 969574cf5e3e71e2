import { effectiveSso, type EffectiveSso } from '../../domain/group-changes.ts';
import type { IdentityProviderConfig, Tenant } from '../../domain/tenant.ts';
import type { Database } from '../db/database.ts';

export type { EffectiveSso };

/** A group's single sign-on columns as stored (the sso_enabled flag and, migration 014, the chosen provider). */
export interface GroupSsoRow {
  id: number;
  parent_group_id: number | null;
  sso_enabled: boolean;
  identity_provider_id: string | null;
}

/** The tenant's provider by id (tenant configuration; a group only stores the id). */
export function tenantProvider(tenant: Tenant, providerId: string | null | undefined): IdentityProviderConfig | undefined {
  return providerId ? tenant.identityProviders?.find((provider) => provider.id === providerId) : undefined;
}

/** The provider that signs a group's members in: SSO on and a provider the tenant still configures; else none. */
export function usableProvider(tenant: Tenant, settings: EffectiveSso | undefined): IdentityProviderConfig | undefined {
  return settings?.enabled ? tenantProvider(tenant, settings.providerId) : undefined;
}

/** Every group of a tenant with its SSO columns, by id (tenants have tens of groups, not thousands). */
export async function tenantGroups(db: Database, tenantId: string): Promise<Map<number, GroupSsoRow>> {
  const rows = await db
    .selectFrom('user_groups')
    .select(['id', 'parent_group_id', 'sso_enabled', 'identity_provider_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The SSO settings that apply to one group of the tenant (for the sign-in and the session): its own,
 * else the nearest ancestor's (domain/group-changes.ts effectiveSso, the rule the group changes are
 * checked against). Undefined: password sign-in.
 */
export async function effectiveSsoSettings(db: Database, tenantId: string, groupId: number | null): Promise<EffectiveSso | undefined> {
  if (groupId === null) return undefined;
  return effectiveSso(await tenantGroups(db, tenantId), groupId);
}

/**
 * The provider the sign-in start sends a name to when its user has none (unknown names, password
 * users): the tenant's first, so the start answers alike for every name.
 */
export function tenantDefaultProvider(tenant: Tenant): IdentityProviderConfig | undefined {
  return tenant.identityProviders?.[0];
}
