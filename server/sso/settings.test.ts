import { describe, expect, it } from 'vitest';
import { effectiveSso } from '../../domain/group-changes.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { tenantDefaultProvider, usableProvider, type GroupSsoRow } from './settings.ts';

const group = (id: number, parent: number | null, own: Partial<GroupSsoRow> = {}): GroupSsoRow => ({
  id,
  parent_group_id: parent,
  sso_enabled: false,
  identity_provider_id: null,
  ...own,
});
const tree = (...groups: GroupSsoRow[]) => new Map(groups.map((one) => [one.id, one]));

/** Only what these rules read of a tenant: its identity providers. */
const tenant = {
  identityProviders: [
    { id: 'partners', name: 'Partners', issuer: 'https://idp.example', clientId: 'portal', clientSecretEnv: 'PARTNERS_SECRET' },
    { id: 'other', name: 'Other', issuer: 'https://other.example', clientId: 'other', clientSecretEnv: 'OTHER_SECRET' },
  ],
} as Tenant;

describe("SSO settings of a group: its own, else the nearest ancestor's (issue 17, providers by id: issue 22)", () => {
  const groups = tree(
    group(1, null, { sso_enabled: true, identity_provider_id: 'partners' }),
    group(2, 1), // no settings: inherits 1
    group(3, 2), // grandchild: inherits 1 through 2
    group(4, 1, { sso_enabled: true, identity_provider_id: 'other' }), // its own provider
    group(5, 4), // inherits 4, the nearest, not 1
    group(6, 1, { sso_enabled: false, identity_provider_id: 'other' }), // own settings: SSO off
    group(7, 6), // inherits "off" from 6
    group(8, null), // no SSO anywhere
    group(9, 1, { sso_enabled: true }), // SSO on of its own, under its parent's provider
  );

  it('a group with settings uses its own provider, from the tenant', () => {
    expect(effectiveSso(groups, 1)).toEqual({ sourceGroupId: 1, enabled: true, providerId: 'partners' });
    expect(usableProvider(tenant, effectiveSso(groups, 4))?.issuer).toBe('https://other.example');
  });

  it("children and grandchildren without settings inherit the nearest ancestor's", () => {
    expect(effectiveSso(groups, 2)?.sourceGroupId).toBe(1);
    expect(effectiveSso(groups, 3)?.sourceGroupId).toBe(1);
    expect(effectiveSso(groups, 5)?.sourceGroupId).toBe(4);
    expect(usableProvider(tenant, effectiveSso(groups, 3))?.id).toBe('partners');
  });

  it('a child that switches SSO on of its own signs in through the provider chosen above it', () => {
    expect(effectiveSso(groups, 9)).toEqual({ sourceGroupId: 9, enabled: true, providerId: 'partners' });
  });

  it('a child that switches SSO off keeps password sign-in for itself and its children', () => {
    expect(effectiveSso(groups, 6)?.enabled).toBe(false);
    expect(effectiveSso(groups, 7)).toMatchObject({ sourceGroupId: 6, enabled: false });
    expect(usableProvider(tenant, effectiveSso(groups, 7))).toBeUndefined();
  });

  it('no group, or no settings up the chain: none', () => {
    expect(effectiveSso(groups, null)).toBeUndefined();
    expect(effectiveSso(groups, 8)).toBeUndefined();
    expect(effectiveSso(groups, 999)).toBeUndefined();
  });

  it('SSO on with no provider, or one the tenant no longer configures, is not usable', () => {
    expect(usableProvider(tenant, effectiveSso(tree(group(1, null, { sso_enabled: true })), 1))).toBeUndefined();
    expect(
      usableProvider(tenant, effectiveSso(tree(group(1, null, { sso_enabled: true, identity_provider_id: 'removed' })), 1)),
    ).toBeUndefined();
  });

  it('ends the walk on a cycle in the parent chain', () => {
    expect(effectiveSso(tree(group(1, 2), group(2, 1)), 1)).toBeUndefined();
  });

  it('the tenant default is its first provider; a tenant without providers has none', () => {
    expect(tenantDefaultProvider(tenant)?.id).toBe('partners');
    expect(tenantDefaultProvider({} as Tenant)).toBeUndefined();
  });
});
