import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import { buildMenu, type MenuDefinitions, type MenuUser, type ScreenGuard } from './menus.ts';
import { buildAbility, type Policy } from './policy.ts';

const policy = policyJson as Policy;

/** A small menu over three screens; each rule of buildMenu has an entry that only it hides. */
const menus: MenuDefinitions = {
  customer: [
    { id: 'overview', label: 'common.menu.overview', path: '/account/overview', screen: 'overview', icon: 'home' },
    { id: 'pay', label: 'common.menu.pay', path: '/payment/due', screen: 'pay', paymentMode: 'INDIVIDUAL_ACCOUNT' },
    {
      id: 'customers',
      label: 'common.menu.customers',
      path: '/account/customers',
      screen: 'overview',
      when: { 'session.customerCount': { $gt: 1 } },
    },
    { id: 'cards', label: 'common.menu.cards', path: '/account/cards', screen: 'cards', when: { 'flags.cards_enabled': true } },
    { id: 'orphan', label: 'common.menu.users', path: '/nowhere', screen: 'missing' },
  ],
  corporate: [],
  merchant: [{ id: 'merchant-home', label: 'common.menu.merchantHome', path: '/merchant/home', screen: 'merchant-home' }],
  dealer: [{ id: 'roll-up', label: 'common.menu.merchantRollUp', path: '/merchant/roll-up', screen: 'merchant-home' }],
};

const screens: ScreenGuard[] = [
  // Needs a customer: a user who has not chosen one yet still sees the entry (selection is a detour).
  { id: 'overview', guard: { userTypes: ['customer'], requiresCustomer: true } },
  { id: 'pay', guard: { userTypes: ['customer'], can: ['create', 'Payment'], requiresCustomer: true } },
  { id: 'cards', guard: { userTypes: ['customer'], flags: ['cards_enabled'] } },
  { id: 'merchant-home', guard: { userTypes: ['merchant'], requiresMerchant: true } },
];

function user(patch: Partial<Omit<MenuUser, 'ability'>> = {}): MenuUser {
  const base = {
    userType: 'customer' as const,
    role: 'Payer',
    flags: { cards_enabled: true },
    customerCount: 1,
    merchantCount: 0,
    ...patch,
  };
  return { ...base, ability: buildAbility(policy, { userType: base.userType, role: base.role, flags: base.flags }) };
}

const ids = (menu: ReturnType<typeof buildMenu>) => menu.map((entry) => entry.id);

describe('the side menu, built once (issue 23; spec §2, §7)', () => {
  it("keeps the entries whose screen lets the user in, in the definition's order, with what the shell needs", () => {
    const menu = buildMenu(menus, screens, user());
    expect(ids(menu)).toEqual(['overview', 'pay', 'cards']);
    expect(menu[0]).toEqual({ id: 'overview', label: 'common.menu.overview', path: '/account/overview', screen: 'overview', icon: 'home' });
    expect(menu[1]).toMatchObject({ paymentMode: 'INDIVIDUAL_ACCOUNT', screen: 'pay' });
  });

  it("drops an entry the policy refuses through its screen's guard (a viewer may not pay)", () => {
    expect(ids(buildMenu(menus, screens, user({ role: 'View Only' })))).not.toContain('pay');
  });

  it("tests an entry's `when` against the session's counts and the flags (twin rule included)", () => {
    expect(ids(buildMenu(menus, screens, user({ customerCount: 3 })))).toContain('customers');
    expect(ids(buildMenu(menus, screens, user({ flags: {} })))).not.toContain('cards');
    expect(ids(buildMenu(menus, screens, user({ flags: { cards_disabled: false } })))).toContain('cards');
  });

  it('drops an entry whose screen does not exist, and gives users without a menu none', () => {
    expect(ids(buildMenu(menus, screens, user()))).not.toContain('orphan');
    expect(buildMenu(menus, screens, user({ userType: 'admin' }))).toEqual([]);
  });

  it('gives a merchant user with several merchants the dealer menu (spec §4 roll-up)', () => {
    expect(ids(buildMenu(menus, screens, user({ userType: 'merchant', role: 'Admin', merchantCount: 1 })))).toEqual(['merchant-home']);
    expect(ids(buildMenu(menus, screens, user({ userType: 'merchant', role: 'Admin', merchantCount: 2 })))).toEqual(['roll-up']);
  });
});
