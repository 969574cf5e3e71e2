/** spec §1 and §4: tracking consent is stored locally; the banner shows until a choice is stored. */
export const CONSENT_STORAGE_KEY = 'portal.consentedToTracking';

export type Consent = 'in' | 'out';

export function storedConsent(): Consent | null {
  const value = localStorage.getItem(CONSENT_STORAGE_KEY);
  return value === 'in' || value === 'out' ? value : null;
}

/** Choosing reloads the page so tracking starts (or never starts) from a clean load. */
export function chooseConsent(choice: Consent): void {
  localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  window.location.reload();
}
