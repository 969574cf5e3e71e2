/** The value of the browser's cookie `name` readable by the page; none on the server's render (no document). */
export function browserCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * Keeps `name=value` in the browser for the server's renders (a copy of a choice or a measure the
 * server cannot see): a year long, on every path of the portal, written only when it changes.
 */
export function keepBrowserCookie(name: string, value: string): void {
  if (typeof document === 'undefined' || browserCookie(name) === value) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the portal supports (Safari before 18.4); fixed cookies of the portal's own, written here only.
  document.cookie = `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
