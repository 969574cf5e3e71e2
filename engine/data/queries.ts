/**
 * The portal's data layer on TanStack Query: one query key per (path, resolved parameters), one
 * fetch per key, and one invalidation rule after a write. Route loaders (routing/screen-loader.ts)
 * and widgets (useResource, the table) build their queries here, so a request a loader started is
 * the very one the widget reads (de-duplicated by key).
 */
import { isCancelledError, type Query, QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api, isAbort, type QueryParams } from './api-client.ts';
import { resourceKey } from './resource-keys.ts';

// The keys and the invalidation rule live apart (no TanStack code), for the sign-in pages.
export { invalidateResources, RESOURCE_ROOT, resourceKey, sentParams } from './resource-keys.ts';

/** A JSON:API document as the data layer caches it: data plus meta (paging totals). */
export interface ResourceDocument<D = unknown> {
  data: D;
  meta?: Record<string, unknown>;
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
 * How long a read counts as fresh: long enough that a widget mounting right after its route's
 * loader started the same read uses it instead of asking again, short enough that coming back to
 * a screen shows the cached rows and refreshes them behind (stale while revalidate).
 */
export const FRESH_MS = 5_000;

/** Reads a route loader started for the screen it is about to render (markLoaderRead). */
const loaderReads = new WeakSet<Query>();

/**
 * Marks the read under `queryKey` as started by a route loader for the screen about to render:
 * its first reader takes it as it is, without asking again however long the render took. On a
 * slow or busy machine the screen's code could take longer than FRESH_MS after the data came
 * (issue 25 puts the data two steps after the HTML, well before the code has run), and the
 * widget would then ask the same read a second time.
 */
export function markLoaderRead(client: QueryClient, queryKey: QueryKey): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query) loaderReads.add(query);
}

/**
 * The app's QueryClient. Reads behave as before the cache: no automatic retries (a failure shows
 * at once, with its retry button), no refetch on window focus; a read mounts without asking again
 * when a route loader started it for this render (markLoaderRead), else when it is fresh.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        retry: false,
        refetchOnWindowFocus: false,
        // WeakSet.delete is true once: only the first reader skips the check.
        refetchOnMount: (query) => !loaderReads.delete(query as Query),
      },
    },
  });
}
