import { useEffect } from 'react';
import { flagOn, type FeatureFlags } from '../../domain/flags.ts';
import { sendBeaconPost } from '../data/csrf.ts';
import { useSession } from '../session/store.ts';
import type { SelfAttributes } from '../session/types.ts';
import { consentStore, type Consent } from './consent.ts';

/** spec §7: analytics run only with the tenant's flag on and the user's consent given. */
export function analyticsAllowed(flags: FeatureFlags, consent: Consent | null): boolean {
  return flagOn(flags, 'analytics_enabled') && consent === 'in';
}

/** The user properties sent with the event: who, in coarse terms, never names or emails. */
export function userProperties(self: SelfAttributes | null): Record<string, string | number | null> {
  if (!self?.session_data.logged_in) return { logged_in: 0 };
  return {
    logged_in: 1,
    user_id: self.user_id ?? null,
    user_type: self.user_type ?? null,
    role: self.role ?? null,
    language: self.language ?? null,
  };
}

let sent = false;

/**
 * Sends the page-load event once per page load, when allowed, with the landing path and the
 * user properties (once the session is known).
 */
export function usePageLoadAnalytics(): void {
  const status = useSession((session) => session.status);
  const flags = useSession((session) => session.flags);
  const self = useSession((session) => session.self);
  useEffect(() => {
    // The choice as this page loaded: choosing reloads the page, which then counts (consent.ts).
    if (sent || status !== 'ready' || !analyticsAllowed(flags, consentStore.getState().consentedToTracking)) return;
    sent = true;
    sendBeaconPost('/analytics/events', { event: 'page_load', path: window.location.pathname, properties: userProperties(self) });
  }, [status, flags, self]);
}
