import type { Page } from 'playwright-core';

/** A GET from the page, with its session cookie, as the portal would; a non-2xx answer throws. */
export function pageGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

export interface PageAnswer<T> {
  status: number;
  body: T | null;
}

/**
 * A write from the page, with its session and the CSRF header its portal_csrf cookie holds, as
 * the portal would send it. The answer's status and JSON body (null when it has none).
 */
export function pageWrite<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<PageAnswer<T>> {
  return page.evaluate(
    async ({ method: verb, url, payload, extra }) => {
      const token =
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('portal_csrf='))
          ?.slice('portal_csrf='.length) ?? '';
      const response = await fetch(url, {
        method: verb,
        headers: {
          ...extra,
          accept: 'application/vnd.api+json',
          'x-csrf-token': decodeURIComponent(token),
          ...(payload === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, url: path, payload: body, extra: headers },
  ) as Promise<PageAnswer<T>>;
}
