/**
 * The stored currency choice as plain data (session/currency-choice.ts keeps it with zustand's
 * `persist`). The boot reads it here, without the middleware, so a reload's route loaders ask for
 * the figures in the chosen currency at once and the sign-in pages' entry stays small.
 */
export const CURRENCY_STORAGE_KEY = 'portal.selectedCurrency';

export interface CurrencyChoice {
  userId: number | null;
  customerId: string;
  currency: string;
}

export function isChoice(value: unknown): value is CurrencyChoice {
  const choice = value as Partial<CurrencyChoice> | null;
  return (
    !!choice &&
    typeof choice === 'object' &&
    typeof choice.customerId === 'string' &&
    typeof choice.currency === 'string' &&
    (choice.userId === null || typeof choice.userId === 'number')
  );
}

/** The choice's currency when it is this user's for this customer and still one of `offered`. */
export function choiceFor(
  choice: CurrencyChoice | null,
  userId: number | null,
  customerId: string,
  offered: readonly { id: string }[],
): string | undefined {
  if (!choice || choice.userId !== userId || choice.customerId !== customerId) return undefined;
  return offered.some((currency) => currency.id === choice.currency) ? choice.currency : undefined;
}

/** What `persist` stored in this tab ({ state: { choice }, version }), or null when nothing usable is there. */
export function storedChoice(
  storage: { getItem(key: string): string | null } | undefined = typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
): CurrencyChoice | null {
  try {
    const raw = storage?.getItem(CURRENCY_STORAGE_KEY) ?? null;
    const choice = raw ? (JSON.parse(raw) as { state?: { choice?: unknown } }).state?.choice : null;
    return isChoice(choice) ? choice : null;
  } catch {
    return null;
  }
}
