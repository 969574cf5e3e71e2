import type { Page } from 'playwright-core';

/** A GET from the page, with its session cookie, as the portal would; a non-2xx answer throws. */
export function pageGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}
