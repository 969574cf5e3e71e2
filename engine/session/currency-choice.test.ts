import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { storedChoice } from './currency-choice-stored.ts';
import {
  CURRENCY_STORAGE_KEY,
  createCurrencyChoiceStore,
  forgetCurrency,
  rememberCurrency,
  rememberedCurrency,
} from './currency-choice.ts';

function memoryStorage(): StateStorage & { items: Map<string, string>; getItem(key: string): string | null } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

const OFFERED = [{ id: 'CAD' }, { id: 'USD' }];

describe('the currency choice (issue 13 item 7: a reload keeps it)', () => {
  it('survives a new store over the same storage, as a reload does', () => {
    const storage = memoryStorage();
    rememberCurrency({ userId: 7, customerId: 'C-1001', currency: 'CAD' }, createCurrencyChoiceStore(storage));
    expect(JSON.parse(storage.items.get(CURRENCY_STORAGE_KEY)!).state.choice).toEqual({ userId: 7, customerId: 'C-1001', currency: 'CAD' });
    const reloaded = createCurrencyChoiceStore(storage);
    expect(rememberedCurrency(7, 'C-1001', OFFERED, reloaded)).toBe('CAD');
  });

  it("is what the boot reads without the middleware, so a reload's first reads use it", () => {
    const storage = memoryStorage();
    expect(storedChoice(storage)).toBeNull();
    rememberCurrency({ userId: 7, customerId: 'C-1001', currency: 'CAD' }, createCurrencyChoiceStore(storage));
    expect(storedChoice(storage)).toEqual({ userId: 7, customerId: 'C-1001', currency: 'CAD' });
    storage.items.set(CURRENCY_STORAGE_KEY, '{"state":{"choice":{"currency":1}}}');
    expect(storedChoice(storage)).toBeNull();
    storage.items.set(CURRENCY_STORAGE_KEY, 'not json');
    expect(storedChoice(storage)).toBeNull();
  });

  it("is the user's for the customer, and only while the customer still offers the currency", () => {
    const store = createCurrencyChoiceStore(memoryStorage());
    rememberCurrency({ userId: 7, customerId: 'C-1001', currency: 'CAD' }, store);
    expect(rememberedCurrency(8, 'C-1001', OFFERED, store)).toBeUndefined();
    expect(rememberedCurrency(7, 'C-1002', OFFERED, store)).toBeUndefined();
    expect(rememberedCurrency(7, 'C-1001', [{ id: 'USD' }], store)).toBeUndefined();
  });

  it('is forgotten on sign-out, and a foreign stored value reads as none', () => {
    const storage = memoryStorage();
    const store = createCurrencyChoiceStore(storage);
    rememberCurrency({ userId: 7, customerId: 'C-1001', currency: 'CAD' }, store);
    forgetCurrency(store);
    expect(rememberedCurrency(7, 'C-1001', OFFERED, createCurrencyChoiceStore(storage))).toBeUndefined();
    storage.setItem(CURRENCY_STORAGE_KEY, JSON.stringify({ state: { choice: { customerId: 1, currency: 'CAD' } }, version: 1 }));
    expect(createCurrencyChoiceStore(storage).getState().choice).toBeNull();
  });
});
