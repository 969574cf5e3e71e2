import { defaultCurrencyId } from '../../domain/currency.ts';
import { choiceFor, storedChoice } from './currency-choice-stored.ts';
import { merchantCurrencyChoice, showMerchantRollUp } from './start-rules.ts';
import type { SessionBasics } from './store.ts';
import type { SelectedCustomer, SessionState } from './types.ts';

/**
 * Not known yet while the boot runs. Typed as the field's type so the view is a SessionState
 * (screenBindings takes one); at run time it is undefined, and a source that reads it is not
 * prefetched (routing/prefetch-screen.ts checks every binding a source reads).
 */
const UNKNOWN = undefined as never;

/**
 * The session as the store will hold it, from what the boot knows once configuration, flags and
 * /self are in (/self carries the selected customer's currencies; the same rules as store.ts: the selected
 * customer from session_data, its currency USD else the first): enough for a route loader to
 * resolve a screen's sources before the policy and the customer have loaded.
 */
export async function bootSessionView(
  { config, flags, self }: SessionBasics,
  paymentMode: SessionState['paymentMode'],
): Promise<SessionState> {
  const signedIn = self?.session_data.logged_in === true;
  const userType = signedIn ? (self.user_type ?? 'none') : 'none';
  const customerId = signedIn ? (self.session_data.customer_id ?? null) : null;
  // A merchant user's currencies come with /self, as session/signed-in.ts reads them.
  const merchantChoice = signedIn ? merchantCurrencyChoice(self, config.currency_version) : undefined;
  let selectedCurrency: string | null = merchantChoice?.selectedCurrency ?? null;
  if (customerId && config.currency_version != null) {
    const offered = self?.customerCurrencies;
    // The tab's remembered choice first (issue 13 item 7), as session/signed-in.ts decides it.
    selectedCurrency = offered
      ? (choiceFor(storedChoice(), self?.user_id ?? null, customerId, offered) ?? defaultCurrencyId(offered, self?.defaultCurrency) ?? null)
      : UNKNOWN;
  }
  return {
    status: 'loading',
    config,
    flags,
    self,
    userType,
    paymentMode,
    selectedCurrency,
    // Only its id and the chosen location (session data) are known before GET /customers
    // answers; other attributes read as unknown.
    selectedCustomer: customerId
      ? ({ buidCustomer: customerId, buidLocation: self?.session_data.location ?? null } as SelectedCustomer)
      : null,
    selectedMerchant: self?.session_data.merchant_id ? UNKNOWN : null,
    merchantRollUp: showMerchantRollUp(userType, self?.merchants?.length ?? 0),
    sessionExpired: self?.session_data.session_expired === true,
    // Screens bind nothing of it; the session's own load asks it.
    secureConfig: null,
    customerCurrencies: UNKNOWN,
    merchantCurrencies: merchantChoice?.merchantCurrencies ?? [],
    mappedLocations: UNKNOWN,
    loyaltyPrograms: UNKNOWN,
    loyaltyError: UNKNOWN,
  };
}
