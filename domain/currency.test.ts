import { describe, expect, it } from 'vitest';
import { defaultCurrencyId, markDefaultCurrency } from './currency.ts';

describe('default currency (spec §9)', () => {
  it('is USD when the list holds it, wherever it sits', () => {
    expect(defaultCurrencyId([{ id: 'CAD' }, { id: 'EUR' }, { id: 'USD' }])).toBe('USD');
  });
  it('is the first in the list without USD', () => {
    expect(defaultCurrencyId([{ id: 'EUR' }, { id: 'CAD' }])).toBe('EUR');
  });
  it('is undefined for an empty list', () => expect(defaultCurrencyId([])).toBeUndefined());
  it("is the user's own default when the account offers it (issue 26), else the rule above", () => {
    expect(defaultCurrencyId([{ id: 'CAD' }, { id: 'USD' }], 'CAD')).toBe('CAD');
    expect(defaultCurrencyId([{ id: 'EUR' }, { id: 'USD' }], 'CAD')).toBe('USD');
    expect(defaultCurrencyId([{ id: 'EUR' }, { id: 'CAD' }], null)).toBe('EUR');
    expect(defaultCurrencyId([], 'CAD')).toBeUndefined();
  });

  it('marks exactly one entry and keeps the order and labels', () => {
    expect(
      markDefaultCurrency([
        { id: 'CAD', label: 'Canadian Dollar' },
        { id: 'USD', label: 'US Dollar' },
      ]),
    ).toEqual([
      { id: 'CAD', label: 'Canadian Dollar', default: false },
      { id: 'USD', label: 'US Dollar', default: true },
    ]);
    expect(
      markDefaultCurrency([
        { id: 'EUR', label: 'Euro' },
        { id: 'CAD', label: 'Canadian Dollar' },
      ]).map((c) => c.default),
    ).toEqual([true, false]);
  });
});
