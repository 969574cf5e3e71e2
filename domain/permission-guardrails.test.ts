import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import { permissionGuardrails } from './permission-guardrails.ts';
import type { Policy } from './policy.ts';
import { withPermissionOverrides } from './policy-overrides.ts';

const shipped = policyJson as unknown as Policy;
const overridden = (grants: Record<string, Record<string, string[]>>) => withPermissionOverrides(shipped, { grants });

describe('permissionGuardrails', () => {
  it('lets the shipped policy through', () => {
    expect(permissionGuardrails(shipped, shipped)).toEqual([]);
  });

  it('refuses a card viewer who may create disputes, and a safety manager on the overview', () => {
    const refusals = permissionGuardrails(
      overridden({
        customer: { 'card viewer': ['session', 'cards', 'disputeCreate'], 'safety manager': ['session', 'notifications', 'account'] },
      }),
      shipped,
    );
    expect(refusals).toContainEqual(
      expect.objectContaining({
        code: 'studio.guardrails.forbiddenGrant',
        values: { userType: 'customer', role: 'card viewer', action: 'create', subject: 'Dispute' },
      }),
    );
    expect(refusals).toContainEqual(
      expect.objectContaining({ values: { userType: 'customer', role: 'safety manager', action: 'read', subject: 'Exposure' } }),
    );
    expect(refusals.every((refusal) => refusal.pointer.startsWith('/overrides/permissions/grants/customer/'))).toBe(true);
  });

  it('refuses an override that leaves a user type with no role able to manage users, and only that user type', () => {
    const refusals = permissionGuardrails(overridden({ corporate: { admin: ['session', 'account'] } }), shipped);
    expect(refusals).toEqual([
      { code: 'studio.guardrails.noUserManager', values: { userType: 'corporate' }, pointer: '/overrides/permissions/grants/corporate' },
    ]);
  });

  it('accepts moving user management to another role', () => {
    const admin = shipped.grants.customer.admin.filter((set) => set !== 'users');
    expect(permissionGuardrails(overridden({ customer: { admin, payer: [...shipped.grants.customer.payer, 'users'] } }), shipped)).toEqual(
      [],
    );
  });
});
