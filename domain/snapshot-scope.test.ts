import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import demo from '../tenants/demo.json' with { type: 'json' };
import type { Policy } from './policy.ts';
import { type ScopeScreen, type ScopeUser, snapshotScope } from './snapshot-scope.ts';
import type { Tenant } from './tenant.ts';

const policy = policyJson as unknown as Policy;
const published = demo as unknown as Tenant;
const draftOf = (change: (tenant: Tenant) => void): Tenant => {
  const tenant = structuredClone(published);
  change(tenant);
  return tenant;
};

const screen = (id: string, guard: ScopeScreen['guard'], body: unknown[]): ScopeScreen => ({
  id,
  path: `/${id}`,
  guard,
  definition: { id, path: `/${id}`, guard, body },
});
const SCREENS: ScopeScreen[] = [
  screen('invoices', { userTypes: ['customer'], can: ['read', 'Invoice'] }, [{ widget: 'heading', text: 'common.screens.invoiceList' }]),
  screen('loyalty', { userTypes: ['customer'], flags: ['loyalty_enabled'] }, [{ widget: 'heading', text: 'loyalty.title' }]),
  screen('login', { public: true }, [{ widget: 'heading', text: 'auth.login.title' }]),
];
const USERS: ScopeUser[] = [
  { username: 'payer', user_type: 'customer', role: 'Payer' },
  { username: 'dealer', user_type: 'merchant', role: 'Admin' },
];
const pairs = (draft: Tenant) =>
  snapshotScope(SCREENS, published, draft, policy, USERS).targets.map(
    (target) => `${target.screen}:${target.user.username}:${target.reasons.join('+')}`,
  );

describe('snapshotScope', () => {
  it('renders nothing for a draft that changes nothing', () => {
    expect(
      snapshotScope(
        SCREENS,
        published,
        draftOf(() => {}),
        policy,
        USERS,
      ),
    ).toEqual({ targets: [], notes: [] });
  });

  it('takes the screens naming a changed text, for the roles their guard lets in', () => {
    expect(
      pairs(
        draftOf((tenant) => {
          tenant.overrides = { texts: { en: { 'common.screens.invoiceList': 'Bills' } } };
        }),
      ),
    ).toEqual(['invoices:payer:texts']);
  });

  it("takes every screen naming a key of a changed text's namespace when no screen names the key", () => {
    expect(
      pairs(
        draftOf((tenant) => {
          tenant.overrides = { texts: { de: { 'loyalty.widgetOwnText': 'x' } } };
        }),
      ),
    ).toEqual(['loyalty:payer:texts']);
  });

  it('takes a screen whose flag changed, for the roles it opens or closes to as an access change', () => {
    expect(
      pairs(
        draftOf((tenant) => {
          tenant.flags.loyalty_enabled = false;
        }),
      ),
    ).toEqual(['loyalty:payer:settings+access']);
  });

  it('says what it does not render: public screens, menus, other settings, permissions', () => {
    const draft = draftOf((tenant) => {
      tenant.limits.cardFeeMinor += 1;
      tenant.overrides = { texts: { en: { 'auth.login.title': 'Welcome' } }, menus: { customer: [] }, permissions: { grants: {} } };
    });
    expect(snapshotScope(SCREENS, published, draft, policy, USERS).notes.sort()).toEqual([
      'menus',
      'otherSettings',
      'permissions',
      'publicScreens',
    ]);
  });
});
