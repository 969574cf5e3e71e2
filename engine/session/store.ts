import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { createStore } from 'zustand/vanilla';
import { defaultCurrencyId } from '../../domain/currency.ts';
import { api, type JsonApiDocument, type ResourceObject } from '../data/api-client.ts';
import {
  LOCATION_PAGE_SIZE, MAPPED_LOAD_DELAY_MS, customerToAutoSelect, loadAllPages,
  shouldLoadLoyalty, shouldLoadMappedLocations, showMerchantRollUp,
} from './start-rules.ts';
import type {
  LoyaltyEnrollment, MappedLocation, PaymentMode, PortalConfig, SelectedCustomer,
  SelectedMerchant, SelfAttributes, SessionState,
} from './types.ts';
import { loadDataLayer } from '../data/data-layer.tsx';
import { configureLogger, log } from '../logging/logger.ts';
import { loadAbility } from '../policy/ability.ts';
import { currencyOptions, type CurrenciesDocument } from './currencies.ts';
import { CURRENCIES_PATH, earlyGet, endEarly, probablySignedIn, startEarly } from './early-requests.ts';

const initialState: SessionState = {
  status: 'loading', config: null, flags: {}, self: null, userType: 'none',
  selectedCustomer: null, selectedMerchant: null, customerCurrencies: [], selectedCurrency: null,
  mappedLocations: [], loyaltyPrograms: [], loyaltyError: false, paymentMode: 'INDIVIDUAL_ACCOUNT',
  merchantRollUp: false,
};

const store = createStore<SessionState>()(() => initialState);

function setState(patch: Partial<SessionState>): void {
  store.setState(patch);
}

export const sessionStore = {
  get: store.getState,
  subscribe: store.subscribe,
  /** For tests and sign-out. */
  reset() { store.setState(initialState, true); },
};

/**
 * The part of the session a component reads: `useSession((session) => session.config)`.
 * Compared shallowly, so a selector that builds an object or an array
 * (`session.self?.customers ?? []`) re-renders only when its contents change, never in a loop.
 */
export function useSession<T>(select: (session: SessionState) => T): T {
  return useStore(store, useShallow(select));
}

type SelfDocument = JsonApiDocument<ResourceObject<SelfAttributes>>;

/** What the boot knows once configuration, flags and /self are in, before the policy and the customer load. */
export interface SessionBasics { config: PortalConfig; flags: Record<string, boolean>; self: SelfAttributes | null }

/**
 * Loads flags, configuration and /self at once (and, signed in, the customer's currencies:
 * session/early-requests.ts); the shell shows a spinner until this resolves (spec §1).
 * `onBasics` hears the first three as soon as they are in, so route loaders can start a screen's
 * reads before the rest of the session loads (issue 11: no waterfall); the session waits for it.
 */
export async function bootstrapSession(onBasics?: (basics: SessionBasics) => void | Promise<void>): Promise<void> {
  if (probablySignedIn()) {
    startEarly(CURRENCIES_PATH);
    // The signed-in data layer's chunk loads beside /self, so the route loader finds it in (issue 11: no waterfall).
    loadDataLayer().catch(() => undefined);
  }
  const selfRequest = fetchSelf();
  try {
    const [config, flags] = await Promise.all([
      api.get<JsonApiDocument<ResourceObject<PortalConfig>>>('/config'),
      api.get<JsonApiDocument<ResourceObject<Record<string, boolean>>>>(`/feature-flags/${window.location.hostname}.json`),
    ]);
    setState({ config: config.data.attributes, flags: flags.data.attributes });
    const { logging } = config.data.attributes;
    configureLogger({ level: logging.level, ...(logging.endpoint ? { endpoint: logging.endpoint } : {}) });
  } catch {
    endEarly();
    setState({ status: 'failed' });
    return;
  }
  const self = await selfRequest;
  const { config, flags } = store.getState();
  await onBasics?.({ config: config!, flags, self });
  await applySelf(self);
  endEarly();
  setState({ status: 'ready' });
}

/** spec §8: a failure of the self call means not logged in. */
async function fetchSelf(): Promise<SelfAttributes | null> {
  try {
    return (await api.get<SelfDocument>('/self')).data.attributes;
  } catch {
    return null;
  }
}

export async function refreshSelf(): Promise<SelfAttributes | null> {
  const self = await fetchSelf();
  await applySelf(self);
  return self;
}

async function applySelf(self: SelfAttributes | null): Promise<void> {
  if (!self || !self.session_data.logged_in) {
    setState({ self, userType: 'none', selectedCustomer: null, selectedMerchant: null, mappedLocations: [], loyaltyPrograms: [] });
    return;
  }
  const userType = self.user_type ?? 'none';
  // A signed-in session needs the user's ability and the data layer (TanStack Query), so CASL,
  // the policy and the query cache arrive before it does; the sign-in pages load none of them.
  await Promise.all([loadAbility(), loadDataLayer()]);
  setState({ self, userType, merchantRollUp: showMerchantRollUp(userType, self.merchants?.length ?? 0) });

  const autoSelect = customerToAutoSelect(self);
  if (autoSelect) {
    await selectCustomer(autoSelect);
    return;
  }
  await loadSelectedCustomer(self);
  await loadSelectedMerchant(self);
  scheduleMappedLocations(self);
}

/** Signs in; on success the session starts as after a page load. */
export async function signIn(username: string, password: string): Promise<SelfAttributes> {
  const document = await api.post<SelfDocument>('/auth/login', { username, password });
  await applySelf(document.data.attributes);
  return document.data.attributes;
}

export async function signOut(): Promise<void> {
  try { await api.post('/auth/logout'); } finally { await applySelf(null); }
}

/**
 * Sets the active customer (and location) through POST /session_data, then loads it.
 * spec §8: a session-data failure returns false and is logged.
 */
export async function selectCustomer(customerId: string, location: string | null = null): Promise<boolean> {
  try {
    const keys = [{ key: 'customer_id', value: customerId }, ...(location ? [{ key: 'location', value: location }] : [])];
    const document = await api.post<SelfDocument>('/session_data', { sessionKeys: keys });
    setState({ self: document.data.attributes });
    await loadSelectedCustomer(document.data.attributes);
    scheduleMappedLocations(document.data.attributes);
    return true;
  } catch (error) {
    log('error', `session_data: ${(error as Error).message}`);
    return false;
  }
}

export async function selectMerchant(merchantId: string | null): Promise<boolean> {
  try {
    const document = await api.post<SelfDocument>('/session_data', { sessionKeys: [{ key: 'merchant_id', value: merchantId }] });
    setState({ self: document.data.attributes });
    await loadSelectedMerchant(document.data.attributes);
    return true;
  } catch (error) {
    log('error', `session_data: ${(error as Error).message}`);
    return false;
  }
}

export function setSelectedCurrency(currency: string): void { setState({ selectedCurrency: currency }); }
export function setPaymentMode(paymentMode: PaymentMode): void { setState({ paymentMode }); }

interface CustomerAttributes { buidCustomer: string; customerName: string; paymentEligible: boolean; paymentWebText: string | null; isActive: boolean; currency: string; status: string }

async function loadSelectedCustomer(self: SelfAttributes): Promise<void> {
  const customerId = self.session_data.customer_id;
  if (!customerId) { setState({ selectedCustomer: null, customerCurrencies: [], selectedCurrency: null, loyaltyPrograms: [] }); return; }
  const customers = await api.get<JsonApiDocument<Array<ResourceObject<CustomerAttributes>>>>('/customers', { 'filter[buid_customer]': customerId });
  const customer = customers.data[0]?.attributes;
  if (!customer) { setState({ selectedCustomer: null }); return; }
  let locationName: string | null = null;
  if (self.session_data.location) {
    const locations = await api.get<JsonApiDocument<Array<ResourceObject<{ name: string }>>>>('/locations', { 'filter[buid_location]': self.session_data.location });
    locationName = locations.data[0]?.attributes.name ?? null;
  }
  const selectedCustomer: SelectedCustomer = { ...customer, buidLocation: self.session_data.location ?? null, locationName };
  setState({ selectedCustomer });
  await Promise.all([loadCurrencies(), loadLoyalty(customerId)]);
}

async function loadSelectedMerchant(self: SelfAttributes): Promise<void> {
  const merchantId = self.session_data.merchant_id;
  if (!merchantId) { setState({ selectedMerchant: null }); return; }
  const merchants = await api.get<JsonApiDocument<Array<ResourceObject<SelectedMerchant>>>>('/merchants', { 'filter[buid_merchant]': merchantId });
  setState({ selectedMerchant: merchants.data[0]?.attributes ?? null });
}

/** spec §4 and §9: currencies load when currency_version is configured; default USD else the first. */
async function loadCurrencies(): Promise<void> {
  if (store.getState().config?.currency_version == null) return;
  try {
    const currencies = currencyOptions(await earlyGet<CurrenciesDocument>(CURRENCIES_PATH));
    setState({ customerCurrencies: currencies, selectedCurrency: defaultCurrencyId(currencies) ?? null });
  } catch {
    setState({ customerCurrencies: [], selectedCurrency: null });
  }
}

async function loadLoyalty(customerId: string): Promise<void> {
  const { userType, self, flags } = store.getState();
  if (!shouldLoadLoyalty(userType, self?.role, flags)) { setState({ loyaltyPrograms: [] }); return; }
  try {
    const document = await api.get<JsonApiDocument<LoyaltyEnrollment[]>>('/customer-loyalty-program-enrollments', {
      'filter[buid_customer]': customerId, 'filter[enrollment_status]': 3,
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
  if (!customerId || !shouldLoadMappedLocations(self.role, store.getState().flags)) { setState({ mappedLocations: [] }); return; }
  mappedTimer = setTimeout(() => {
    void loadAllPages(async (page) => {
      const document = await api.get<JsonApiDocument<Array<ResourceObject<MappedLocation>>> & { meta: { page: { pages: number } } }>('/locations', {
        'filter[buid_customer]': customerId, 'page[number]': page, 'page[size]': LOCATION_PAGE_SIZE,
      });
      return { rows: document.data.map((item) => item.attributes), more: page < document.meta.page.pages };
    }).then(({ rows }) => setState({ mappedLocations: rows }));
  }, MAPPED_LOAD_DELAY_MS);
}
