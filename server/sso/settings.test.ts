import { describe, expect, it } from 'vitest';
import { isUsable, resolveSsoSettings, tenantDefaultSso, type GroupSsoRow } from './settings.ts';

const group = (id: number, parent: number | null, own: Partial<GroupSsoRow> = {}): GroupSsoRow => ({
  id, parent_group_id: parent, sso_enabled: false, oidc_issuer: null, oidc_client_id: null, oidc_client_secret_env: null, ...own,
});
const tree = (...groups: GroupSsoRow[]) => new Map(groups.map((one) => [one.id, one]));

const partners = { sso_enabled: true, oidc_issuer: 'https://idp.example', oidc_client_id: 'portal', oidc_client_secret_env: 'PARTNERS_SECRET' };

describe('SSO settings of a group: its own, else the nearest ancestor\'s', () => {
  const groups = tree(
    group(1, null, partners),
    group(2, 1), // no settings: inherits 1
    group(3, 2), // grandchild: inherits 1 through 2
    group(4, 1, { sso_enabled: true, oidc_issuer: 'https://other.example', oidc_client_id: 'other' }), // its own provider
    group(5, 4), // inherits 4, the nearest, not 1
    group(6, 1, { sso_enabled: false, oidc_issuer: 'https://off.example' }), // own settings: SSO off
    group(7, 6), // inherits "off" from 6
    group(8, null), // no SSO anywhere
  );

  it('a group with settings uses its own', () => {
    expect(resolveSsoSettings(groups, 1)).toEqual({ sourceGroupId: 1, enabled: true, issuer: 'https://idp.example', clientId: 'portal', clientSecretEnv: 'PARTNERS_SECRET' });
    expect(resolveSsoSettings(groups, 4)?.issuer).toBe('https://other.example');
  });

  it('children and grandchildren without settings inherit the nearest ancestor\'s', () => {
    expect(resolveSsoSettings(groups, 2)?.sourceGroupId).toBe(1);
    expect(resolveSsoSettings(groups, 3)?.sourceGroupId).toBe(1);
    expect(resolveSsoSettings(groups, 5)?.sourceGroupId).toBe(4);
  });

  it('a child that switches SSO off keeps password sign-in for itself and its children', () => {
    expect(resolveSsoSettings(groups, 6)?.enabled).toBe(false);
    expect(resolveSsoSettings(groups, 7)).toMatchObject({ sourceGroupId: 6, enabled: false });
    expect(isUsable(resolveSsoSettings(groups, 7))).toBe(false);
  });

  it('no group, or no settings up the chain: none', () => {
    expect(resolveSsoSettings(groups, null)).toBeUndefined();
    expect(resolveSsoSettings(groups, 8)).toBeUndefined();
    expect(resolveSsoSettings(groups, 999)).toBeUndefined();
  });

  it('SSO on without an issuer or client is not usable', () => {
    expect(isUsable(resolveSsoSettings(tree(group(1, null, { sso_enabled: true })), 1))).toBe(false);
    expect(isUsable(resolveSsoSettings(tree(group(1, null, { sso_enabled: true, oidc_issuer: 'https://idp.example' })), 1))).toBe(false);
  });

  it('ends the walk on a cycle in the parent chain', () => {
    expect(resolveSsoSettings(tree(group(1, 2), group(2, 1)), 1)).toBeUndefined();
  });

  it('the tenant default is its first group with usable settings of its own', () => {
    expect(tenantDefaultSso(groups)?.sourceGroupId).toBe(1);
    expect(tenantDefaultSso(tree(group(1, null), group(2, 1)))).toBeUndefined();
  });
});
