import { describe, expect, it } from 'vitest';
import { buildAbility, type Policy } from './policy.ts';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import {
  CUSTOMER_SELECT_PATH,
  LOGIN_PATH,
  MERCHANT_SELECT_PATH,
  decideGuard,
  guardWithOverride,
  type GuardContext,
  type GuardDefinition,
} from './route-guards.ts';

// The shipped policy (its schema check is tests/definitions' job): domain and engine never import server/.
const policy = policyJson as Policy;
const flags = { cards_enabled: true, loyalty_enabled: true, notification_center_disabled: false };
const context = (patch: Partial<GuardContext> = {}): GuardContext => {
  const base = {
    authenticated: true,
    userType: 'customer' as const,
    role: 'Payer',
    flags,
    hasCustomer: true,
    hasMerchant: false,
    ...patch,
  };
  return { ...base, ability: patch.ability ?? buildAbility(policy, { userType: base.userType, role: base.role, flags: base.flags }) };
};

describe('route guards (spec §5)', () => {
  it('lets anyone into public routes', () => {
    expect(decideGuard({ public: true }, context({ authenticated: false }))).toEqual({ allow: true });
  });
  it('sends unauthenticated users to login', () => {
    expect(decideGuard({}, context({ authenticated: false }))).toMatchObject({
      allow: false,
      redirect: LOGIN_PATH,
      reason: 'unauthenticated',
    });
  });
  it('sends a wrong user type to login', () => {
    expect(decideGuard({ userTypes: ['merchant'] }, context())).toMatchObject({ redirect: LOGIN_PATH, reason: 'userType' });
  });
  it('sends a missing required role to login, comparing lowercased', () => {
    expect(decideGuard({ roles: ['admin'] }, context())).toMatchObject({ redirect: LOGIN_PATH, reason: 'role' });
    expect(decideGuard({ roles: ['ADMIN'] }, context({ role: 'Admin' }))).toEqual({ allow: true });
  });
  it('sends a forbidden role to login', () => {
    expect(decideGuard({ forbiddenRoles: ['card viewer'] }, context({ role: 'Card Viewer' }))).toMatchObject({ reason: 'role' });
  });
  it('sends a missing flag to login, and passes an enabled flag through its disabled twin', () => {
    expect(decideGuard({ flags: ['rejection_center_enabled'] }, context())).toMatchObject({ reason: 'flag' });
    expect(decideGuard({ flags: ['notification_center_enabled'] }, context())).toEqual({ allow: true });
  });
  it('sends a forbidden flag to login', () => {
    expect(decideGuard({ forbiddenFlags: ['cards_enabled'] }, context())).toMatchObject({ reason: 'flag' });
  });
  it('asks the policy: a viewer may not open the payment flow', () => {
    expect(decideGuard({ can: ['create', 'Payment'] }, context({ role: 'View Only' }))).toMatchObject({
      redirect: LOGIN_PATH,
      reason: 'permission',
    });
    expect(decideGuard({ can: ['create', 'Payment'] }, context())).toEqual({ allow: true });
  });
  it('sends routes needing a customer to customer selection, after the other checks', () => {
    expect(decideGuard({ requiresCustomer: true }, context({ hasCustomer: false }))).toMatchObject({ redirect: CUSTOMER_SELECT_PATH });
    expect(decideGuard({ requiresCustomer: true, roles: ['admin'] }, context({ hasCustomer: false }))).toMatchObject({
      redirect: LOGIN_PATH,
    });
  });
  it('asks no customer of a merchant user, who has none (a dealer opens an invoice of their merchants)', () => {
    const invoice: GuardDefinition = { userTypes: ['customer', 'corporate', 'merchant'], can: ['read', 'Invoice'], requiresCustomer: true };
    expect(decideGuard(invoice, context({ userType: 'merchant', role: 'Admin', hasCustomer: false }))).toEqual({ allow: true });
    expect(decideGuard(invoice, context({ hasCustomer: false }))).toMatchObject({ redirect: CUSTOMER_SELECT_PATH });
  });
  it('sends routes needing a merchant to the legacy merchant-select page', () => {
    expect(decideGuard({ requiresMerchant: true }, context({ userType: 'merchant', role: 'Admin' }))).toMatchObject({
      redirect: MERCHANT_SELECT_PATH,
    });
  });
});

describe("a tenant override of a screen's guard", () => {
  const guard: GuardDefinition = { userTypes: ['customer'], roles: ['Admin', 'Payer'], requiresCustomer: true };

  it("merges into the definition's guard (JSON Merge Patch)", () => {
    expect(guardWithOverride(guard, { guard: { roles: ['Admin'], flags: ['loyalty_enabled'] } })).toEqual({
      userTypes: ['customer'],
      roles: ['Admin'],
      requiresCustomer: true,
      flags: ['loyalty_enabled'],
    });
    expect(guardWithOverride(guard, { guard: { requiresCustomer: null } })).toEqual({ userTypes: ['customer'], roles: ['Admin', 'Payer'] });
  });

  it('leaves the guard alone when the override changes something else, or there is none', () => {
    expect(guardWithOverride(guard, { title: 'common.other' })).toBe(guard);
    expect(guardWithOverride(guard, undefined)).toBe(guard);
  });
});
