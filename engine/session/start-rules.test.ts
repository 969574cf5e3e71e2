import { describe, expect, it } from 'vitest';
import {
  customerToAutoSelect,
  loadAllPages,
  merchantCurrencyChoice,
  shouldLoadLoyalty,
  shouldLoadMappedLocations,
  showMerchantRollUp,
} from './start-rules.ts';
import type { SelfAttributes } from './types.ts';

const self = (patch: Partial<SelfAttributes>): SelfAttributes => ({
  authenticated: true,
  session_data: { logged_in: true, customer_id: null },
  user_type: 'customer',
  customers: [],
  ...patch,
});

describe('session start rules (spec §4)', () => {
  it('auto-selects the only customer of a customer user', () => {
    expect(customerToAutoSelect(self({ customers: [{ id: 'C-1', label: 'One' }] }))).toBe('C-1');
  });
  it('does not auto-select for several customers, corporate users, or when one is selected', () => {
    expect(
      customerToAutoSelect(
        self({
          customers: [
            { id: 'C-1', label: 'a' },
            { id: 'C-2', label: 'b' },
          ],
        }),
      ),
    ).toBeUndefined();
    expect(customerToAutoSelect(self({ user_type: 'corporate', customers: [{ id: 'C-1', label: 'a' }] }))).toBeUndefined();
    expect(
      customerToAutoSelect(self({ session_data: { logged_in: true, customer_id: 'C-1' }, customers: [{ id: 'C-1', label: 'a' }] })),
    ).toBeUndefined();
  });
  it('loads loyalty only for customer and corporate users who are not card viewers or safety managers, with the flag', () => {
    const flags = { loyalty_enabled: true };
    expect(shouldLoadLoyalty('customer', 'Payer', flags)).toBe(true);
    expect(shouldLoadLoyalty('corporate', 'Admin', flags)).toBe(true);
    expect(shouldLoadLoyalty('customer', 'Card Viewer', flags)).toBe(false);
    expect(shouldLoadLoyalty('customer', 'Safety Manager', flags)).toBe(false);
    expect(shouldLoadLoyalty('merchant', 'Admin', flags)).toBe(false);
    expect(shouldLoadLoyalty('customer', 'Payer', {})).toBe(false);
    expect(shouldLoadLoyalty('customer', 'Payer', { loyalty_disabled: false })).toBe(true);
  });
  it('loads mapped locations only for Admin with the flag', () => {
    expect(shouldLoadMappedLocations('Admin', { user_location_mapping_enabled: true })).toBe(true);
    expect(shouldLoadMappedLocations('Payer', { user_location_mapping_enabled: true })).toBe(false);
    expect(shouldLoadMappedLocations('Admin', {})).toBe(false);
  });
  it('shows the merchant roll-up for non-corporate users with more than one merchant', () => {
    expect(showMerchantRollUp('merchant', 2)).toBe(true);
    expect(showMerchantRollUp('merchant', 1)).toBe(false);
    expect(showMerchantRollUp('corporate', 3)).toBe(false);
  });
  it("offers a merchant user the chosen merchant's currencies, USD first, else the first; nothing without a merchant or currency_version", () => {
    const usdEur = [
      { id: 'EUR', label: 'Euro' },
      { id: 'USD', label: 'US Dollar' },
    ];
    const dealer = (merchantId: string | null, currencies = usdEur) =>
      self({
        user_type: 'merchant',
        session_data: { logged_in: true, customer_id: null, merchant_id: merchantId },
        merchantCurrencies: currencies,
      });
    expect(merchantCurrencyChoice(dealer('M-1'), 1)).toEqual({ merchantCurrencies: usdEur, selectedCurrency: 'USD' });
    expect(merchantCurrencyChoice(dealer('M-1', [{ id: 'CAD', label: 'Canadian Dollar' }]), 1)?.selectedCurrency).toBe('CAD');
    expect(merchantCurrencyChoice(dealer(null), 1)).toEqual({ merchantCurrencies: [], selectedCurrency: null });
    expect(merchantCurrencyChoice(dealer('M-1'), null)).toBeUndefined();
    expect(merchantCurrencyChoice(self({ merchantCurrencies: usdEur }), 1)).toBeUndefined();
  });
});

describe('loadAllPages (spec §8 location paging)', () => {
  it('reads every page until the last', async () => {
    const pages = [[1, 2], [3, 4], [5]];
    const result = await loadAllPages(async (n) => ({ rows: pages[n - 1]!, more: n < pages.length }));
    expect(result).toEqual({ rows: [1, 2, 3, 4, 5], complete: true });
  });
  it('retries a failed page and goes on after a success', async () => {
    let failures = 0;
    const result = await loadAllPages(async (n) => {
      if (n === 2 && failures < 2) {
        failures += 1;
        throw new Error('boom');
      }
      return { rows: [n], more: n < 3 };
    });
    expect(result).toEqual({ rows: [1, 2, 3], complete: true });
  });
  it('stops after 3 consecutive errors and keeps the partial result', async () => {
    let calls = 0;
    const result = await loadAllPages(async (n) => {
      calls += 1;
      if (n >= 2) throw new Error('down');
      return { rows: [n], more: true };
    });
    expect(result).toEqual({ rows: [1], complete: false });
    expect(calls).toBe(4);
  });
});
