/**
 * The data layer's query keys and its invalidation rule, apart from TanStack Query's code
 * (queries.ts): the sign-in pages' action runner invalidates after a write without loading the
 * query cache, which arrives with the first signed-in session (data/data-layer.ts).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { QueryParams } from './api-client.ts';

/** Every program API read lives under this root, so one call invalidates them all. */
export const RESOURCE_ROOT = 'resource';

/** The parameters a request actually sends, as strings: undefined, null and '' are left out (withQuery). */
export function sentParams(params: QueryParams = {}): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') sent[key] = String(value);
  }
  return sent;
}

/**
 * The one query key of a read: `['resource', path, sent parameters]`. Equal requests get equal
 * keys whatever the parameters' order or types (`page[number]` 1 or '1'; TanStack hashes object
 * keys sorted), so a loader's prefetch and a widget's read meet in the cache.
 * @example resourceKey('/invoices', { 'filter[status]': 'Billed', 'page[size]': 50 })
 *   // ['resource', '/invoices', { 'filter[status]': 'Billed', 'page[size]': '50' }]
 */
export function resourceKey(path: string, params?: QueryParams): readonly [typeof RESOURCE_ROOT, string, Record<string, string>] {
  return [RESOURCE_ROOT, path, sentParams(params)];
}

/**
 * After a write, every cached read is stale: the ones on screen fetch again at once, the others
 * when next shown. A write changes more than its own resource (a payment moves invoices between
 * lists and changes totals, figures and exposure), so the rule is "everything", never a guess at
 * what depends on what.
 */
export function invalidateResources(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [RESOURCE_ROOT] satisfies QueryKey });
}
