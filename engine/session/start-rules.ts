import { defaultCurrencyId } from '../../domain/currency.ts';
import { flagOn, type FeatureFlags } from '../../domain/flags.ts';
import { normaliseRole } from '../../domain/policy.ts';
import type { PortalConfig, SelfAttributes, SessionState, UserType } from './types.ts';

/** spec §9: mapped customer and location loading waits a second after sign-in. */
export const MAPPED_LOAD_DELAY_MS = 1000;
/** spec §9: customer and location pages hold 10000 rows; paging stops after 3 consecutive errors. */
export const LOCATION_PAGE_SIZE = 10_000;
export const MAX_CONSECUTIVE_PAGE_ERRORS = 3;

/**
 * spec §4: a (non-corporate) customer user with exactly one customer has it made active.
 * Returns the customer to select, or undefined when the user must choose (or already has).
 */
export function customerToAutoSelect(self: SelfAttributes): string | undefined {
  if (self.user_type !== 'customer' || self.session_data.customer_id) return undefined;
  const customers = self.customers ?? [];
  return customers.length === 1 ? customers[0]!.id : undefined;
}

/** spec §4: loyalty loads for customer or corporate users other than Card Viewer and Safety Manager, with the flag on. */
export function shouldLoadLoyalty(userType: UserType, role: string | undefined, flags: FeatureFlags): boolean {
  const normalised = normaliseRole(role);
  return (
    (userType === 'customer' || userType === 'corporate') &&
    normalised !== 'card viewer' &&
    normalised !== 'safety manager' &&
    flagOn(flags, 'loyalty_enabled')
  );
}

/** spec §4: mapped customer locations load only for Admin with the user-location-mapping flag on. */
export function shouldLoadMappedLocations(role: string | undefined, flags: FeatureFlags): boolean {
  return normaliseRole(role) === 'admin' && flagOn(flags, 'user_location_mapping_enabled');
}

/**
 * spec §4 and §9: a merchant user's currencies are the chosen merchant's, which /self lists
 * (GET /ecaas/merchant-currencies answers the same) when currency_version is configured; the user's
 * default currency when the merchant offers it (issue 26), else USD, else the first. Undefined for other users, or without currency_version.
 */
export function merchantCurrencyChoice(
  self: SelfAttributes,
  currencyVersion: PortalConfig['currency_version'],
): Pick<SessionState, 'merchantCurrencies' | 'selectedCurrency'> | undefined {
  if (self.user_type !== 'merchant' || currencyVersion == null) return undefined;
  const currencies = self.session_data.merchant_id ? (self.merchantCurrencies ?? []) : [];
  return { merchantCurrencies: currencies, selectedCurrency: defaultCurrencyId(currencies, self.defaultCurrency) ?? null };
}

export { showMerchantRollUp } from '../../domain/merchant-roll-up.ts';

/**
 * spec §8: location paging retries, stops after 3 consecutive errors and keeps what loaded.
 * fetchPage(n) returns the rows of page n and whether more pages follow.
 */
export async function loadAllPages<T>(
  fetchPage: (pageNumber: number) => Promise<{ rows: T[]; more: boolean }>,
  maxConsecutiveErrors = MAX_CONSECUTIVE_PAGE_ERRORS,
): Promise<{ rows: T[]; complete: boolean }> {
  const rows: T[] = [];
  let page = 1;
  let errors = 0;
  while (errors < maxConsecutiveErrors) {
    try {
      const result = await fetchPage(page);
      rows.push(...result.rows);
      errors = 0;
      if (!result.more) return { rows, complete: true };
      page += 1;
    } catch {
      errors += 1;
    }
  }
  return { rows, complete: false };
}
