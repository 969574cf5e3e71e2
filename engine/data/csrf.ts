const CSRF_COOKIE = 'portal_csrf';

/** The CSRF token the server set in a readable cookie; every write sends it as X-CSRF-Token. */
export function csrfToken(): string | undefined {
  return document.cookie.split('; ').find((part) => part.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1);
}
