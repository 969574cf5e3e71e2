/**
 * The signed-in part of the session store (session/store.ts): the selected customer and
 * merchant, their currencies, loyalty programs and mapped locations. Its own module, loaded with
 * the signed-in data layer's chunk (engine/build/chunks.ts `data`), so the sign-in pages do not
 * carry it (the /login budget, bench/bundle.ts).
 */
import { defaultCurrencyId } from '../../domain/currency.ts';
import { api, type JsonApiDocument, type ResourceObject } from '../data/api-client.ts';
import { log } from '../logging/logger.ts';
import { CURRENCIES_PATH, currencyOptions, type CurrenciesDocument } from './currencies.ts';
import { forgetCurrency, rememberCurrency, rememberedCurrency } from './currency-choice.ts';
import {
  LOCATION_PAGE_SIZE,
  MAPPED_LOAD_DELAY_MS,
  customerToAutoSelect,
  loadAllPages,
  merchantCurrencyChoice,
  shouldLoadLoyalty,
  shouldLoadMappedLocations,
} from './start-rules.ts';
import { sessionStore, setState } from './store.ts';
import type { LoyaltyEnrollment, MappedLocation, SelectedCustomer, SelectedMerchant, SelfAttributes } from './types.ts';

type SelfDocument = JsonApiDocument<ResourceObject<SelfAttributes>>;

/** A signed-in user's selections: the customer to select on its own (spec §4), else those of the session. */
export async function loadSelections(self: SelfAttributes): Promise<void> {
  const autoSelect = customerToAutoSelect(self);
  if (autoSelect) {
    await selectCustomer(autoSelect);
    return;
  }
  await loadSelectedCustomer(self);
  await loadSelectedMerchant(self);
  scheduleMappedLocations(self);
}

/**
 * Sets the active customer (and location) through POST /session_data, then loads it.
 * spec §8: a session-data failure returns false and is logged.
 */
export async function selectCustomer(customerId: string, location: string | null = null): Promise<boolean> {
  const keys = [{ key: 'customer_id', value: customerId }, ...(location ? [{ key: 'location', value: location }] : [])];
  return updateSessionData(keys, async (self) => {
    await loadSelectedCustomer(self);
    scheduleMappedLocations(self);
  });
}

/**
 * Writes session keys through POST /session_data, then loads what they select.
 * spec §8: a session-data failure returns false and is logged.
 */
async function updateSessionData(
  keys: Array<{ key: string; value: string | null }>,
  load: (self: SelfAttributes) => Promise<void>,
): Promise<boolean> {
  try {
    const document = await api.post<SelfDocument>('/session_data', { sessionKeys: keys });
    setState({ self: document.data.attributes });
    await load(document.data.attributes);
    return true;
  } catch (error) {
    log('error', `session_data: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Sets the active location of the selected customer (null: all its locations) through POST
 * /session_data, then reloads the customer, whose buidLocation the lists and figures filter by.
 * spec §8: a session-data failure returns false and is logged.
 */
export async function selectLocation(location: string | null): Promise<boolean> {
  return updateSessionData([{ key: 'location', value: location }], loadSelectedCustomer);
}

/** Remembers the currency for this user and customer in this tab (session/currency-choice.ts). */
export function rememberCurrencyChoice(currency: string): void {
  const { self, selectedCustomer } = sessionStore.get();
  if (selectedCustomer) rememberCurrency({ userId: self?.user_id ?? null, customerId: selectedCustomer.buidCustomer, currency });
}

export function forgetCurrencyChoice(): void {
  forgetCurrency();
}

export async function selectMerchant(merchantId: string | null): Promise<boolean> {
  return updateSessionData([{ key: 'merchant_id', value: merchantId }], loadSelectedMerchant);
}

interface CustomerAttributes {
  buidCustomer: string;
  customerName: string;
  paymentEligible: boolean;
  paymentWebText: string | null;
  isActive: boolean;
  currency: string;
  status: string;
}

async function loadSelectedCustomer(self: SelfAttributes): Promise<void> {
  const customerId = self.session_data.customer_id;
  if (!customerId) {
    setState({ selectedCustomer: null, customerCurrencies: [], selectedCurrency: null, loyaltyPrograms: [] });
    return;
  }
  const customers = await api.get<JsonApiDocument<Array<ResourceObject<CustomerAttributes>>>>('/customers', {
    'filter[buid_customer]': customerId,
  });
  const customer = customers.data[0]?.attributes;
  if (!customer) {
    setState({ selectedCustomer: null });
    return;
  }
  let locationName: string | null = null;
  if (self.session_data.location) {
    const locations = await api.get<JsonApiDocument<Array<ResourceObject<{ name: string }>>>>('/locations', {
      'filter[buid_location]': self.session_data.location,
    });
    locationName = locations.data[0]?.attributes.name ?? null;
  }
  const selectedCustomer: SelectedCustomer = { ...customer, buidLocation: self.session_data.location ?? null, locationName };
  setState({ selectedCustomer });
  await Promise.all([loadCurrencies(self), loadLoyalty(customerId)]);
}

async function loadSelectedMerchant(self: SelfAttributes): Promise<void> {
  const merchantId = self.session_data.merchant_id;
  const currencies = merchantCurrencyChoice(self, sessionStore.get().config?.currency_version ?? null);
  if (!merchantId) {
    setState({ selectedMerchant: null, ...currencies });
    return;
  }
  const merchants = await api.get<JsonApiDocument<Array<ResourceObject<SelectedMerchant>>>>('/merchants', {
    'filter[buid_merchant]': merchantId,
  });
  setState({ selectedMerchant: merchants.data[0]?.attributes ?? null, ...currencies });
}

/**
 * spec §4 and §9: currencies load when currency_version is configured; default USD else the first.
 * /self (and the answer of POST /session_data) carries the selected customer's; only a self
 * without them asks GET /ecaas/customer-currencies, and only once a customer is selected.
 */
async function loadCurrencies(self: SelfAttributes): Promise<void> {
  if (sessionStore.get().config?.currency_version == null) return;
  try {
    const currencies = self.customerCurrencies ?? currencyOptions(await api.get<CurrenciesDocument>(CURRENCIES_PATH));
    const { selectedCustomer } = sessionStore.get();
    // spec §3 selectedCurrency: the user's choice for this customer when this tab has one, else the
    // user's default currency when the customer offers it (issue 26), else spec §9's default.
    const remembered = selectedCustomer ? rememberedCurrency(self.user_id ?? null, selectedCustomer.buidCustomer, currencies) : undefined;
    setState({
      customerCurrencies: currencies,
      selectedCurrency: remembered ?? defaultCurrencyId(currencies, self.defaultCurrency) ?? null,
    });
  } catch {
    setState({ customerCurrencies: [], selectedCurrency: null });
  }
}

async function loadLoyalty(customerId: string): Promise<void> {
  const { userType, self, flags } = sessionStore.get();
  if (!shouldLoadLoyalty(userType, self?.role, flags)) {
    setState({ loyaltyPrograms: [] });
    return;
  }
  try {
    const document = await api.get<JsonApiDocument<LoyaltyEnrollment[]>>('/customer-loyalty-program-enrollments', {
      'filter[buid_customer]': customerId,
      'filter[enrollment_status]': 3,
    });
    setState({ loyaltyPrograms: document.data, loyaltyError: false });
  } catch {
    setState({ loyaltyPrograms: [], loyaltyError: true });
  }
}

let mappedTimer: ReturnType<typeof setTimeout> | undefined;

/** spec §4: mapped customer and location loading is delayed by one second, Admin with the flag only. */
function scheduleMappedLocations(self: SelfAttributes): void {
  clearTimeout(mappedTimer);
  const customerId = self.session_data.customer_id;
  if (!customerId || !shouldLoadMappedLocations(self.role, sessionStore.get().flags)) {
    setState({ mappedLocations: [] });
    return;
  }
  // The server's render (app/entry-server.tsx) leaves this later read to the browser's boot.
  if (typeof window === 'undefined') return;
  mappedTimer = setTimeout(() => {
    void loadAllPages(async (page) => {
      const document = await api.get<JsonApiDocument<Array<ResourceObject<MappedLocation>>> & { meta: { page: { pages: number } } }>(
        '/locations',
        {
          'filter[buid_customer]': customerId,
          'page[number]': page,
          'page[size]': LOCATION_PAGE_SIZE,
        },
      );
      return { rows: document.data.map((item) => item.attributes), more: page < document.meta.page.pages };
    }).then(({ rows }) => setState({ mappedLocations: rows }));
  }, MAPPED_LOAD_DELAY_MS);
}
