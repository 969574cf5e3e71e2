import { browserCookie } from '../runtime/browser-cookie.ts';

/** Over TLS the server sets the cookie `__Host-` prefixed (server/http/cookies.ts); on plain http bare. */
const CSRF_COOKIES = ['__Host-portal_csrf', 'portal_csrf'] as const;

/** The CSRF token the server set in a readable cookie; every write sends it as X-CSRF-Token. */
export function csrfToken(): string | undefined {
  // The server's render of a page (app/entry-server.tsx) writes nothing: no token there (no cookie).
  for (const name of CSRF_COOKIES) {
    const value = browserCookie(name);
    if (value) return value;
  }
  return undefined;
}

/**
 * A fire-and-forget write for telemetry (client log, analytics): kept alive across a page unload,
 * CSRF token attached, failures ignored. It bypasses the API client so a failing log call can
 * never log itself again.
 */
export function sendBeaconPost(path: string, payload: unknown): void {
  const token = csrfToken();
  void fetch(path, {
    method: 'POST',
    body: JSON.stringify(payload),
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-csrf-token': token } : {}) },
  }).catch(() => undefined);
}
