/**
 * The signed-in data layer, its own chunk (engine/build/chunks.ts `data`): TanStack Query's cache
 * with the portal's one QueryClient, and the route loaders' prefetch of a screen's reads. The
 * sign-in pages read nothing through it, so they never load it; a signed-in session loads it while
 * /self is asked (data/data-layer.tsx loadDataLayer).
 */
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queries.ts';

export { prefetchScreen } from '../routing/prefetch-screen.ts';

/**
 * The app's one QueryClient, mounted for the page's lifetime (what QueryClientProvider does on
 * mount: it follows window focus and the network; the portal never unmounts it).
 */
export function startQueryClient(initial?: unknown): QueryClient {
  const client = createQueryClient();
  // A server-rendered page's first reads (issue 25, session/server-render.ts): the cache holds what
  // the markup shows, fresh from the page's arrival (the server read them for this very page), so
  // the route's loader and the widgets do not ask again however long the render took.
  if (initial) {
    const state = initial as DehydratedState;
    const now = Date.now();
    hydrate(client, { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) });
  }
  client.mount();
  return client;
}
