import type { LoaderFunction } from 'react-router';
import { loadDataLayer } from '../data/data-layer.tsx';
import type { ScreenRoute } from '../definitions/types.ts';
import type { SessionState } from '../session/types.ts';

/**
 * The route loader of every screen (DESIGN.md "Libraries": route loaders start a screen's queries
 * as soon as the route matches). It never waits: the screen renders as before and reads its data
 * through the same query keys, finding the request under way or answered. Signed out, it does
 * nothing (the sign-in pages read nothing and load no more code: neither the query cache nor the
 * prefetch, which come with the data layer, data/data-layer.tsx).
 * `session` gives the session to resolve bindings with: during the boot, its view from /self
 * (session/boot-view.ts), afterwards the store's. `started()` resolves once the latest loader's
 * reads are on their way (or it had none), so the boot can let them go first.
 */
export function screenLoader(session: () => Promise<SessionState>) {
  let latest: Promise<void> = Promise.resolve();
  const loaderFor =
    (route: ScreenRoute): LoaderFunction =>
    ({ params, request }) => {
      latest = (async () => {
        const state = await session();
        if (state.self?.session_data.logged_in !== true) return;
        // Signed in, the boot started the layer beside /self (session/store.ts): usually in already.
        const { client, prefetchScreen } = await loadDataLayer();
        const prefetched = prefetchScreen(client, route, state, {
          route: params,
          query: Object.fromEntries(new URL(request.url).searchParams),
        }).catch(() => undefined);
        // Without an override the reads are out once prefetchScreen returned; it then waits for the definition (the chunks).
        if (state.config?.overrides.screens?.[route.id]) await prefetched;
      })().catch(() => undefined);
      return null;
    };
  return { loaderFor, started: () => latest };
}
