import { describe, expect, it } from 'vitest';
import { lookup, resolveBinding, resolveQueryValue, resolveQueryValues, type BindingContext } from './bindings.ts';

const context: BindingContext = {
  session: { selectedCurrency: 'USD', customerIds: ['C-1001', 'C-1002'] },
  customer: { buidCustomer: 'C-1001' },
  merchant: null,
  route: { status: 'Billed' },
  query: {},
  selection: [{ trxId: 'T-1' }, { trxId: 'T 2' }],
  tenant: { invoice_details_version: 1 },
  flags: { multi_currency_enabled: true, cards_enabled: false },
};

describe('array bindings', () => {
  it('look-ups map over arrays, indexes still index', () => {
    expect(lookup(context, 'selection.trxId')).toEqual(['T-1', 'T 2']);
    expect(lookup(context, 'selection.0.trxId')).toBe('T-1');
  });
  it('interpolate comma-separated, each value encoded', () => {
    expect(resolveBinding('/dispute/create?invoiceIds={selection.trxId}', context)).toBe('/dispute/create?invoiceIds=T-1,T%202');
  });
});

describe('query values (source filters and params)', () => {
  it('sends arrays comma-separated and scalars as text', () => {
    expect(resolveQueryValue('{session.customerIds}', context)).toBe('C-1001,C-1002');
    expect(resolveQueryValue(50, context)).toBe('50');
    expect(resolveQueryValue('{customer.missing}', context)).toBeUndefined();
  });
  it('sends `otherwise` when the condition does not hold (one customer from the query, else all of the session)', () => {
    const customers = { value: '{query.customer}', when: { 'query.customer': { $exists: true } }, otherwise: '{session.customerIds}' };
    expect(resolveQueryValue(customers, context)).toBe('C-1001,C-1002');
    expect(resolveQueryValue(customers, { ...context, query: { customer: 'C-1002' } })).toBe('C-1002');
  });
  it("chains a conditional `otherwise` (the currency an overview link carries, else the session's when the flag is on)", () => {
    const currency = {
      value: '{query.currency}',
      when: { 'query.currency': { $exists: true } },
      otherwise: { value: '{session.selectedCurrency}', when: { 'flags.multi_currency_enabled': true } },
    };
    expect(resolveQueryValue(currency, { ...context, query: { currency: 'CAD' } })).toBe('CAD');
    expect(resolveQueryValue(currency, context)).toBe('USD');
    expect(resolveQueryValue(currency, { ...context, flags: { multi_currency_enabled: false } })).toBeUndefined();
  });
  it('sends a conditional value only when its condition holds', () => {
    const currency = { value: '{session.selectedCurrency}', when: { 'flags.multi_currency_enabled': true } };
    expect(resolveQueryValue(currency, context)).toBe('USD');
    expect(resolveQueryValue(currency, { ...context, flags: { multi_currency_enabled: false } })).toBeUndefined();
    expect(resolveQueryValue({ value: 'x', when: { 'tenant.invoice_details_version': { $gte: 1 } } }, context)).toBe('x');
  });
  it('leaves out what is not sent', () => {
    expect(
      resolveQueryValues(
        { status: '{route.status}', none: '{customer.missing}', sol_currency: { value: 'EUR', when: { 'flags.cards_enabled': true } } },
        context,
      ),
    ).toEqual({ status: 'Billed' });
  });
});
