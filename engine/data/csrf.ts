const CSRF_COOKIE = 'portal_csrf';

/** The CSRF token the server set in a readable cookie; every write sends it as X-CSRF-Token. */
export function csrfToken(): string | undefined {
  return document.cookie.split('; ').find((part) => part.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1);
}

/**
 * A fire-and-forget write for telemetry (client log, analytics): kept alive across a page unload,
 * CSRF token attached, failures ignored. It bypasses the API client so a failing log call can
 * never log itself again.
 */
export function sendBeaconPost(path: string, payload: unknown): void {
  const token = csrfToken();
  void fetch(path, {
    method: 'POST', body: JSON.stringify(payload), keepalive: true, credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-csrf-token': token } : {}) },
  }).catch(() => undefined);
}
