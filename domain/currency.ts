/** spec §9: the default currency is USD; a customer's default is USD, else the first in the list. */
export const DEFAULT_CURRENCY = 'USD';

export interface CurrencyOption { id: string; label: string }

/**
 * defaultCurrencyId([{ id: 'CAD' }, { id: 'USD' }]) === 'USD'
 * defaultCurrencyId([{ id: 'EUR' }, { id: 'CAD' }]) === 'EUR'
 * defaultCurrencyId([]) === undefined
 */
export function defaultCurrencyId(currencies: readonly Pick<CurrencyOption, 'id'>[]): string | undefined {
  return currencies.find((currency) => currency.id === DEFAULT_CURRENCY)?.id ?? currencies[0]?.id;
}

/** The list as given, each entry marked whether it is the default (exactly one, when any). */
export function markDefaultCurrency<T extends CurrencyOption>(currencies: readonly T[]): Array<T & { default: boolean }> {
  const chosen = defaultCurrencyId(currencies);
  return currencies.map((currency) => ({ ...currency, default: currency.id === chosen }));
}
