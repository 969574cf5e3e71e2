/**
 * The currency the user chose (spec §3 selectedCurrency), kept for the session: a reload must not
 * fall back to the default (issue 13 item 7). Kept with zustand's `persist` on sessionStorage like
 * the payment flow's store (plugins/payment/flow-store.ts): per tab, gone with it, never sent
 * anywhere. The choice remembers whose it is (user and customer), so another user signing in in
 * the same tab, or another customer, starts from the default (spec §9: USD, else the first).
 */
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { choiceFor, CURRENCY_STORAGE_KEY, isChoice, type CurrencyChoice } from './currency-choice-stored.ts';

export { CURRENCY_STORAGE_KEY, type CurrencyChoice } from './currency-choice-stored.ts';

interface CurrencyChoiceState {
  choice: CurrencyChoice | null;
}

/** A choice store over a storage (sessionStorage in the portal; a memory one in tests). */
export function createCurrencyChoiceStore(storage: StateStorage) {
  return createStore<CurrencyChoiceState>()(
    persist((): CurrencyChoiceState => ({ choice: null }), {
      name: CURRENCY_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => storage),
      // Stored by an older portal or edited by hand: a foreign value reads as no choice.
      merge: (persisted, current): CurrencyChoiceState => {
        const stored = (persisted as Partial<CurrencyChoiceState> | undefined)?.choice;
        return { ...current, choice: isChoice(stored) ? stored : null };
      },
    }),
  );
}

const noStorage: StateStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

// Unit tests import this module under Node, which has no sessionStorage.
const choiceStore = createCurrencyChoiceStore(typeof sessionStorage === 'undefined' ? noStorage : sessionStorage);

/** Remembers `currency` as this user's choice for this customer. */
export function rememberCurrency(choice: CurrencyChoice, store = choiceStore): void {
  store.setState({ choice });
}

/** The currency this user chose for this customer in this tab, if it is still one of `offered`. */
export function rememberedCurrency(
  userId: number | null,
  customerId: string,
  offered: readonly { id: string }[],
  store = choiceStore,
): string | undefined {
  return choiceFor(store.getState().choice, userId, customerId, offered);
}

/** Signing out forgets the choice. */
export function forgetCurrency(store = choiceStore): void {
  store.setState({ choice: null });
}
