import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import { withPermissionOverrides } from '../domain/policy-overrides.ts';
import type { Policy } from '../domain/policy.ts';
import { matrixOf, overridesOf, toggleGrant, withPermissions } from './permission-matrix.ts';

const policy = policyJson as unknown as Policy;

describe('the role-permission matrix', () => {
  it('reads the shipped grants when the tenant overrides nothing', () => {
    const matrix = matrixOf(policy, undefined);
    expect(matrix.customer?.payer).toEqual(policy.grants.customer.payer);
    expect(matrix.customer?.['card viewer']).toEqual(['session', 'cards']);
    expect(overridesOf(policy, matrix, undefined)).toBeUndefined();
  });

  it('writes a taken rule set as a merge patch naming only that role, whole, which the server merges back to the matrix', () => {
    const matrix = toggleGrant(matrixOf(policy, undefined), 'customer', 'admin', 'paymentMethods', false, policy);
    const overrides = overridesOf(policy, matrix, undefined);
    const adminWithout = policy.grants.customer.admin.filter((name) => name !== 'paymentMethods');
    expect(overrides).toEqual({ grants: { customer: { admin: adminWithout } } });
    expect(withPermissionOverrides(policy, overrides).grants.customer.admin).toEqual(adminWithout);
    expect(matrixOf(policy, overrides)).toEqual(matrix);
  });

  it('reads a tenant override and drops it once the role is back to its shipped grants, keeping other sections', () => {
    const previous = {
      grants: { customer: { payer: [...policy.grants.customer.payer, 'paymentMethods'] } },
      flagGates: { Card: 'cards_enabled' },
    };
    const matrix = matrixOf(policy, previous);
    expect(matrix.customer?.payer).toContain('paymentMethods');
    // Kept in the policy's order, whatever order the override listed.
    expect(matrix.customer?.payer?.indexOf('paymentMethods')).toBe(policy.grants.customer.payer.indexOf('pay') + 1);
    const restored = toggleGrant(matrix, 'customer', 'payer', 'paymentMethods', false, policy);
    expect(overridesOf(policy, restored, previous)).toEqual({ flagGates: { Card: 'cards_enabled' } });
  });

  it('grants a rule set once, in the policy order', () => {
    const once = toggleGrant(matrixOf(policy, undefined), 'merchant', 'payer', 'session', true, policy);
    expect(once.merchant?.payer?.filter((name) => name === 'session')).toHaveLength(1);
  });

  it('replaces the permission overrides of a tenant document and drops an empty overrides object', () => {
    const document = { id: 'demo', overrides: { permissions: { grants: {} } } };
    expect(withPermissions(document, undefined)).toEqual({ id: 'demo' });
    const screens = { id: 'demo', overrides: { screens: { landing: {} } } };
    expect(withPermissions(screens, { grants: { customer: { admin: ['session'] } } })).toEqual({
      id: 'demo',
      overrides: { screens: { landing: {} }, permissions: { grants: { customer: { admin: ['session'] } } } },
    });
  });
});
