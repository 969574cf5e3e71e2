import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import { effectivePermissions, type ScreenGuardOf } from './effective-permissions.ts';
import type { Policy } from './policy.ts';

const policy = policyJson as unknown as Policy;
const screens: ScreenGuardOf[] = [
  { id: 'payment-methods', guard: { userTypes: ['customer', 'corporate'], can: ['read', 'BankAccount'] } },
  { id: 'cards', guard: { userTypes: ['customer', 'corporate'], can: ['read', 'Card'], requiresCustomer: true } },
  { id: 'merchant-home', guard: { userTypes: ['merchant'] } },
  { id: 'users', guard: { roles: ['admin'] } },
  { id: 'beta', guard: { flags: ['beta_enabled'] } },
];
const payer = { userType: 'customer' as const, role: 'payer', hasCustomer: true, hasMerchant: false };
const admin = { ...payer, role: 'admin' };
const byScreen = (result: ReturnType<typeof effectivePermissions>) =>
  Object.fromEntries(result.screens.map(({ screen, ...verdict }) => [screen, verdict]));

describe('effectivePermissions (issue 24)', () => {
  it('says for each screen whether the user may open it, and which rule refused', () => {
    const flags = { cards_enabled: true };
    const result = byScreen(effectivePermissions(policy, flags, payer, screens));
    expect(result['payment-methods']).toEqual({ allowed: false, reason: 'policy', detail: { action: 'read', subject: 'BankAccount' } });
    expect(result.cards).toEqual({ allowed: false, reason: 'policy', detail: { action: 'read', subject: 'Card' } });
    expect(byScreen(effectivePermissions(policy, flags, admin, screens)).cards).toEqual({ allowed: true });
    expect(result['merchant-home']).toEqual({ allowed: false, reason: 'userType', detail: { allowed: 'merchant' } });
    expect(result.users).toEqual({ allowed: false, reason: 'role', detail: { role: 'payer' } });
    expect(result.beta).toEqual({ allowed: false, reason: 'flag', detail: { flag: 'beta_enabled', state: 'off' } });
    expect(byScreen(effectivePermissions(policy, flags, { ...admin, hasCustomer: false }, screens)).cards).toMatchObject({
      allowed: false,
      reason: 'scope',
    });
  });

  it('names the flag gate that closes a screen the role is granted, and each rule set by role and flag', () => {
    const gate = policy.flagGates.Card;
    expect(gate).toBeTruthy();
    const off = effectivePermissions(policy, {}, admin, screens);
    expect(byScreen(off).cards).toEqual({ allowed: false, reason: 'flag', detail: { flag: gate, state: 'off' } });
    const ruleSets = Object.fromEntries(off.ruleSets.map(({ ruleSet, ...verdict }) => [ruleSet, verdict]));
    expect(ruleSets.session).toEqual({ allowed: true });
    expect(ruleSets.cards).toEqual({ allowed: false, reason: 'flag', detail: { flag: gate, state: 'off' } });
    const payerSets = effectivePermissions(policy, {}, payer, []).ruleSets;
    expect(payerSets.find((verdict) => verdict.ruleSet === 'paymentMethods')).toEqual({
      ruleSet: 'paymentMethods',
      allowed: false,
      reason: 'role',
      detail: { role: 'payer' },
    });
    const portalAdmin = effectivePermissions(policy, {}, { userType: 'admin', role: null, hasCustomer: false, hasMerchant: false }, []);
    expect(portalAdmin.ruleSets.every((verdict) => verdict.reason === 'userType')).toBe(true);
  });
});
