/**
 * The portal's data layer on TanStack Query: one query key per (path, resolved parameters), one
 * fetch per key, and one invalidation rule after a write. Route loaders (routing/screen-loader.ts)
 * and widgets (useResource, the table) build their queries here, so a request a loader started is
 * the very one the widget reads (de-duplicated by key).
 */
import { isCancelledError, QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, isAbort, type QueryParams } from './api-client.ts';

/** Every program API read lives under this root, so one call invalidates them all. */
export const RESOURCE_ROOT = 'resource';

/** A JSON:API document as the data layer caches it: data plus meta (paging totals). */
export interface ResourceDocument<D = unknown> { data: D; meta?: Record<string, unknown> }

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

/** Query options of a read: its key and a fetch that TanStack aborts (through `signal`) when nobody needs it any more. */
export function resourceQuery<D = unknown>(path: string, params?: QueryParams) {
  const queryKey = resourceKey(path, params);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<ResourceDocument<D>>(path, queryKey[2], signal),
  });
}

/**
 * A read called off rather than failed: its fetch aborted, or TanStack Query cancelled it (a
 * refetch replacing it, its last reader gone). Neither is an error to show (issue 13 item 10:
 * "Unable to contact server" though no request had failed).
 */
export function isCalledOff(error: unknown): boolean {
  return isAbort(error) || isCancelledError(error);
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

/**
 * How long a read counts as fresh: long enough that a widget mounting right after its route's
 * loader started the same read uses it instead of asking again, short enough that coming back to
 * a screen shows the cached rows and refreshes them behind (stale while revalidate).
 */
export const FRESH_MS = 5_000;

/**
 * The app's QueryClient. Reads behave as before the cache: no automatic retries (a failure shows
 * at once, with its retry button), no refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: FRESH_MS, retry: false, refetchOnWindowFocus: false },
    },
  });
}
