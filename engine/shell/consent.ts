import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

/** spec §1, §3 and §4: tracking consent is stored locally; the banner shows until a choice is stored. */
export const CONSENT_STORAGE_KEY = 'portal.consentedToTracking';

export type Consent = 'in' | 'out';

export interface ConsentState {
  /** spec §3 consentedToTracking: null until the user chooses. */
  consentedToTracking: Consent | null;
  choose(choice: Consent): void;
}

/**
 * The consent store over a storage (localStorage in the portal). The stored value stays the bare
 * 'in' or 'out' it always was, so choices made before this store existed still count; that is
 * why it reads and writes the key itself rather than through zustand's `persist` envelope.
 */
export function createConsentStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, reload: () => void) {
  const stored = storage?.getItem(CONSENT_STORAGE_KEY);
  return createStore<ConsentState>()((set) => ({
    consentedToTracking: stored === 'in' || stored === 'out' ? stored : null,
    choose(choice) {
      storage?.setItem(CONSENT_STORAGE_KEY, choice);
      set({ consentedToTracking: choice });
      // Choosing reloads the page so tracking starts (or never starts) from a clean load.
      reload();
    },
  }));
}

// Unit tests import this module under Node, which has no localStorage.
export const consentStore = createConsentStore(typeof localStorage === 'undefined' ? undefined : localStorage, () =>
  window.location.reload(),
);

/**
 * The user's choice, or null while none is stored; undefined in the server's render of a page and
 * while the browser hydrates it (issue 25): the server cannot know what this browser stored, so
 * neither render shows the banner, and the browser's next render shows it when no choice is stored.
 */
export function useConsent(): Consent | null | undefined {
  return useSyncExternalStore(
    consentStore.subscribe,
    () => consentStore.getState().consentedToTracking,
    () => undefined,
  );
}

export function chooseConsent(choice: Consent): void {
  consentStore.getState().choose(choice);
}
