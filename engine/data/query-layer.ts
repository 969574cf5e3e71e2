/**
 * The signed-in data layer, its own chunk (engine/build/chunks.ts `data`): TanStack Query's cache
 * with the portal's one QueryClient, and the route loaders' prefetch of a screen's reads. The
 * sign-in pages read nothing through it, so they never load it; a signed-in session loads it while
 * /self is asked (data/data-layer.tsx loadDataLayer).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queries.ts';

export { prefetchScreen } from '../routing/prefetch-screen.ts';

/**
 * The app's one QueryClient, mounted for the page's lifetime (what QueryClientProvider does on
 * mount: it follows window focus and the network; the portal never unmounts it).
 */
export function startQueryClient(): QueryClient {
  const client = createQueryClient();
  client.mount();
  return client;
}
