import { useCallback, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { createStore } from 'zustand/vanilla';
import { api, onSessionLost, type JsonApiDocument, type ResourceObject } from '../data/api-client.ts';
// From the domain, not start-rules.ts: the rest of those rules is the signed-in part's (session/signed-in.ts).
import { showMerchantRollUp } from '../../domain/merchant-roll-up.ts';
import type { PaymentMode, PortalConfig, SecureConfig, SelfAttributes, SessionState } from './types.ts';
import { loadDataLayer } from '../data/data-layer.tsx';
import { configureLogger } from '../logging/logger.ts';
import { loadAbility } from '../policy/ability.ts';
import { probablySignedIn } from './early-requests.ts';
import { takeBootDocument } from './page-hints.ts';

const initialState: SessionState = {
  status: 'loading',
  config: null,
  flags: {},
  self: null,
  userType: 'none',
  selectedCustomer: null,
  selectedMerchant: null,
  customerCurrencies: [],
  merchantCurrencies: [],
  selectedCurrency: null,
  mappedLocations: [],
  loyaltyPrograms: [],
  loyaltyError: false,
  paymentMode: 'INDIVIDUAL_ACCOUNT',
  merchantRollUp: false,
  sessionExpired: false,
  secureConfig: null,
};

const store = createStore<SessionState>()(() => initialState);

/** A patch of the session; also for the signed-in part (session/signed-in.ts). */
export function setState(patch: Partial<SessionState>): void {
  store.setState(patch);
}

export const sessionStore = {
  get: store.getState,
  subscribe: store.subscribe,
  /** For tests and sign-out. */
  reset() {
    store.setState(initialState, true);
  },
};

/**
 * The part of the session a component reads: `useSession((session) => session.config)`.
 * Compared shallowly, so a selector that builds an object or an array
 * (`session.self?.customers ?? []`) re-renders only when its contents change, never in a loop.
 * The server's render of a page and the browser's hydration of it read the session as it is
 * (issue 25: both booted the same session), not zustand's initial state, which `useStore` gives them.
 */
export function useSession<T>(select: (session: SessionState) => T): T {
  const selected = useShallow(select);
  const snapshot = useCallback(() => selected(store.getState()), [selected]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

type SelfDocument = JsonApiDocument<ResourceObject<SelfAttributes>>;
type ConfigDocument = JsonApiDocument<ResourceObject<PortalConfig>>;
type FlagsDocument = JsonApiDocument<ResourceObject<Record<string, boolean>>>;

/** What the boot knows once configuration, flags and /self are in, before the policy and the customer load. */
export interface SessionBasics {
  config: PortalConfig;
  flags: Record<string, boolean>;
  self: SelfAttributes | null;
}

/**
 * Loads flags, configuration and /self at once (/self carries the selected customer's currencies:
 * session/early-requests.ts); the shell shows a spinner until this resolves (spec §1).
 * `onBasics` hears the first three as soon as they are in, so route loaders can start a screen's
 * reads before the rest of the session loads (issue 11: no waterfall); the session waits for it.
 */
export async function bootstrapSession(onBasics?: (basics: SessionBasics) => void | Promise<void>): Promise<void> {
  // Every boot request starts in this one task (issue 11: no waterfall), the API's first: the
  // browser gives a host six connections over HTTP/1.1, in the order asked, so the calls the
  // route loader waits for are not queued behind chunks, and none starts only after another
  // has already answered.
  // The page may carry these documents already (session/page-hints.ts, issue 25): then no request.
  const pageSelf = takeBootDocument<SelfDocument>('self');
  const selfRequest = pageSelf ? Promise.resolve(pageSelf.data.attributes) : fetchSelf();
  const pageConfig = takeBootDocument<ConfigDocument>('config');
  const pageFlags = takeBootDocument<FlagsDocument>('flags');
  const basicsRequest = Promise.all([
    pageConfig ?? api.get<ConfigDocument>('/config'),
    pageFlags ?? api.get<FlagsDocument>(`/feature-flags/${window.location.hostname}.json`),
  ]);
  if (probablySignedIn()) {
    // The signed-in data layer's chunk loads beside /self, so the route loader finds it in.
    loadDataLayer().catch(() => undefined);
  }
  try {
    const [config, flags] = await basicsRequest;
    setState({ config: config.data.attributes, flags: flags.data.attributes });
    const { logging } = config.data.attributes;
    configureLogger({ level: logging.level, ...(logging.endpoint ? { endpoint: logging.endpoint } : {}) });
  } catch {
    setState({ status: 'failed' });
    return;
  }
  const self = await selfRequest;
  const { config, flags } = store.getState();
  await onBasics?.({ config: config!, flags, self });
  await applySelf(self);
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
    setState(signedOut(self, self?.session_data.session_expired === true));
    return;
  }
  const userType = self.user_type ?? 'none';
  // A signed-in session needs the user's ability, the data layer (TanStack Query) and the rest of
  // the session's code, so CASL, the policy and the query cache arrive before it does; the
  // sign-in pages load none of them.
  // /config-secure runs beside the rest, never in front of it: the first screen's reads wait for
  // the selections, not for it (the cold load's three dependent steps, issue 25).
  const secureConfig = fetchSecureConfig();
  const [signedIn] = await Promise.all([signedInPart(), loadAbility(), loadDataLayer()]);
  setState({
    self,
    userType,
    merchantRollUp: showMerchantRollUp(userType, self.merchants?.length ?? 0),
    sessionExpired: false,
    secureConfig: null,
  });
  await signedIn.loadSelections(self);
  setState({ secureConfig: await secureConfig });
}

/**
 * spec §7: GET /config-secure only when the tenant's loadSecure is set and the user is signed in.
 * Without it the portal works on /config alone, so a failure is logged (by the API client) and
 * leaves it null.
 */
async function fetchSecureConfig(): Promise<SecureConfig | null> {
  if (!store.getState().config?.loadSecure) return null;
  try {
    return (await api.get<JsonApiDocument<ResourceObject<SecureConfig>>>('/config-secure')).data.attributes;
  } catch {
    return null;
  }
}

/**
 * A signed-in session the server no longer knows (expired, or ended on another tab) answers 401:
 * the session becomes a signed-out one that remembers why, and the page's guard sends the user to
 * sign in saying so (routing/GuardedScreen.tsx), with the page to come back to.
 */
onSessionLost(() => {
  // One change: the guard must never see the session gone without the reason.
  if (store.getState().self?.session_data.logged_in === true) setState(signedOut(null, true));
});

/** The session of nobody signed in; `expired`: because the last one ran out. */
function signedOut(self: SelfAttributes | null, expired: boolean): Partial<SessionState> {
  return {
    self,
    userType: 'none',
    selectedCustomer: null,
    selectedMerchant: null,
    mappedLocations: [],
    loyaltyPrograms: [],
    secureConfig: null,
    sessionExpired: expired,
  };
}

/** Signs in; on success the session starts as after a page load. */
export async function signIn(username: string, password: string): Promise<SelfAttributes> {
  const document = await api.post<SelfDocument>('/auth/login', { username, password });
  await applySelf(document.data.attributes);
  return document.data.attributes;
}

export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/logout');
  } finally {
    // Only a signed-in session has a currency choice to forget, and then its part is loaded.
    if (store.getState().self) (await signedInPart()).forgetCurrencyChoice();
    await applySelf(null);
  }
}

/** The user's currency choice, kept for the session (a reload keeps it: session/currency-choice.ts). */
export function setSelectedCurrency(currency: string): void {
  setState({ selectedCurrency: currency });
  void signedInPart().then((part) => part.rememberCurrencyChoice(currency));
}
export function setPaymentMode(paymentMode: PaymentMode): void {
  setState({ paymentMode });
}

/** The signed-in part of the session (session/signed-in.ts), with the data layer's chunk: the sign-in pages never load it. */
const signedInPart = () => import('./signed-in.ts');

/**
 * Sets the active customer (and location) through POST /session_data, then loads it.
 * spec §8: a session-data failure returns false and is logged.
 */
export async function selectCustomer(customerId: string, location: string | null = null): Promise<boolean> {
  return (await signedInPart()).selectCustomer(customerId, location);
}

export async function selectMerchant(merchantId: string | null): Promise<boolean> {
  return (await signedInPart()).selectMerchant(merchantId);
}

/**
 * Sets the active location of the selected customer (null: all its locations) through POST
 * /session_data, then reloads the customer, whose buidLocation the lists and figures filter by.
 */
export async function selectLocation(location: string | null): Promise<boolean> {
  return (await signedInPart()).selectLocation(location);
}
