/** spec §9: the default currency is USD; a customer's default is USD, else the first in the list. */
export const DEFAULT_CURRENCY = 'USD';

export interface CurrencyOption {
  id: string;
  label: string;
}

/**
 * The currency an account starts in: the user's own default (issue 26, currency management) when
 * the account offers it, else spec §9's.
 * defaultCurrencyId([{ id: 'CAD' }, { id: 'USD' }]) === 'USD'
 * defaultCurrencyId([{ id: 'EUR' }, { id: 'CAD' }]) === 'EUR'
 * defaultCurrencyId([{ id: 'CAD' }, { id: 'USD' }], 'CAD') === 'CAD'
 * defaultCurrencyId([{ id: 'USD' }], 'CAD') === 'USD'
 * defaultCurrencyId([]) === undefined
 */
export function defaultCurrencyId(currencies: readonly Pick<CurrencyOption, 'id'>[], preferred?: string | null): string | undefined {
  const own = preferred ? currencies.find((currency) => currency.id === preferred) : undefined;
  return own?.id ?? currencies.find((currency) => currency.id === DEFAULT_CURRENCY)?.id ?? currencies[0]?.id;
}

/** The list as given, each entry marked whether it is the default (exactly one, when any). */
export function markDefaultCurrency<T extends CurrencyOption>(currencies: readonly T[]): Array<T & { default: boolean }> {
  const chosen = defaultCurrencyId(currencies);
  return currencies.map((currency) => ({ ...currency, default: currency.id === chosen }));
}
