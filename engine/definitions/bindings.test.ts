import { describe, expect, it } from 'vitest';
import { buildAbility, type Policy } from '../../domain/policy.ts';
import policyJson from '../../permissions/policy.json' with { type: 'json' };
import { isVisible } from '../../domain/visibility.ts';
import { resolveAll, resolveBinding, resolveNested, type BindingContext } from './bindings.ts';

const context: BindingContext = {
  session: { role: 'Payer' },
  customer: { buidCustomer: 'C-1', isActive: true },
  merchant: null,
  route: { status: 'Past Due' },
  query: {},
  selection: [],
  tenant: {},
  record: { trxId: 'T 1/2' },
};

describe('bindings', () => {
  it('returns a whole binding as its value', () => {
    expect(resolveBinding('{customer.isActive}', context)).toBe(true);
    expect(resolveBinding('{route.status}', context)).toBe('Past Due');
  });
  it('interpolates into strings, encoding values', () => {
    expect(resolveBinding('/invoice/{record.trxId}', context)).toBe('/invoice/T%201%2F2');
    expect(resolveBinding('/x/{customer.missing}', context)).toBe('/x/');
  });
  it('resolves parameter objects', () => {
    expect(resolveAll({ buid_customer: '{customer.buidCustomer}', size: 50 }, context)).toEqual({ buid_customer: 'C-1', size: 50 });
  });
  it("resolves a form's initial values at every depth (a stepped form's step objects, lists)", () => {
    expect(
      resolveNested({ company: { company_name: '{customer.buidCustomer}', references: [{ id: '{route.status}' }] }, size: 50 }, context),
    ).toEqual({
      company: { company_name: 'C-1', references: [{ id: 'Past Due' }] },
      size: 50,
    });
  });
  it('shows a node only when the policy and its condition allow', () => {
    const ability = buildAbility(policyJson as Policy, { userType: 'customer', role: 'Payer', flags: {} });
    expect(isVisible({ can: ['create', 'Payment'] }, ability, context)).toBe(true);
    expect(isVisible({ can: ['create', 'BankAccount'] }, ability, context)).toBe(false);
    expect(isVisible({ when: { 'customer.isActive': true } }, ability, context)).toBe(true);
    expect(isVisible({ when: { 'customer.isActive': false } }, ability, context)).toBe(false);
  });
});
