/**
 * The currency the user chose (spec §3 selectedCurrency), kept for the session: a reload must not
 * fall back to the default (issue 13 item 7). Kept with zustand's `persist` on sessionStorage like
 * the payment flow's store (plugins/payment/flow-store.ts): per tab, gone with it, never sent
 * anywhere. The choice remembers whose it is (user and customer), so another user signing in in
 * the same tab, or another customer, starts from the default (spec §9: USD, else the first).
 */
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

export const CURRENCY_STORAGE_KEY = 'portal.selectedCurrency';

export interface CurrencyChoice { userId: number | null; customerId: string; currency: string }

interface CurrencyChoiceState { choice: CurrencyChoice | null }

function isChoice(value: unknown): value is CurrencyChoice {
  const choice = value as Partial<CurrencyChoice> | null;
  return !!choice && typeof choice === 'object' && typeof choice.customerId === 'string' && typeof choice.currency === 'string'
    && (choice.userId === null || typeof choice.userId === 'number');
}

/** A choice store over a storage (sessionStorage in the portal; a memory one in tests). */
export function createCurrencyChoiceStore(storage: StateStorage) {
  return createStore<CurrencyChoiceState>()(persist((): CurrencyChoiceState => ({ choice: null }), {
    name: CURRENCY_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => storage),
    // Stored by an older portal or edited by hand: a foreign value reads as no choice.
    merge: (persisted, current): CurrencyChoiceState => {
      const stored = (persisted as Partial<CurrencyChoiceState> | undefined)?.choice;
      return { ...current, choice: isChoice(stored) ? stored : null };
    },
  }));
}

const noStorage: StateStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

// Unit tests import this module under Node, which has no sessionStorage.
const choiceStore = createCurrencyChoiceStore(typeof sessionStorage === 'undefined' ? noStorage : sessionStorage);

/** Remembers `currency` as this user's choice for this customer. */
export function rememberCurrency(choice: CurrencyChoice, store = choiceStore): void {
  store.setState({ choice });
}

/** The currency this user chose for this customer in this tab, if it is still one of `offered`. */
export function rememberedCurrency(userId: number | null, customerId: string, offered: readonly { id: string }[], store = choiceStore): string | undefined {
  const { choice } = store.getState();
  if (!choice || choice.userId !== userId || choice.customerId !== customerId) return undefined;
  return offered.some((currency) => currency.id === choice.currency) ? choice.currency : undefined;
}

/** Signing out forgets the choice. */
export function forgetCurrency(store = choiceStore): void {
  store.setState({ choice: null });
}
