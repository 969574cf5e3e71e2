/**
 * Where the signed-in data layer (data/query-layer.ts: TanStack Query and the route loaders'
 * prefetch) comes from. It is a chunk of its own, so the sign-in pages load none of it (the /login
 * budget, bench/bundle.ts): the session store loads it with the first signed-in session, the boot
 * starts it beside /self when the browser is probably signed in, and route loaders wait for it.
 * Until then the query client context is empty; only signed-in screens read data.
 */
import { useContext, useSyncExternalStore, type ReactNode } from 'react';
// The context alone: TanStack's QueryClientProvider module holds no query cache code.
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { createStore } from 'zustand/vanilla';
import { serverRenderState } from '../session/server-render.ts';

type QueryLayer = typeof import('./query-layer.ts');

/** The loaded layer: the app's one QueryClient and the route loaders' prefetch. */
export interface DataLayer {
  client: QueryClient;
  prefetchScreen: QueryLayer['prefetchScreen'];
}

const store = createStore<{ layer: DataLayer | null }>()(() => ({ layer: null }));
let loading: Promise<DataLayer> | undefined;

/** Loads the layer once (a failed load is tried again on the next call) and creates the QueryClient. */
export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('./query-layer.ts').then(
    (module) => {
      const layer: DataLayer = { client: module.startQueryClient(serverRenderState()?.queries), prefetchScreen: module.prefetchScreen };
      store.setState({ layer });
      return layer;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Forgets the layer: the server's render of a page (app/entry-server.tsx) starts each page with a
 * QueryClient of its own, as each browser does.
 */
export function resetDataLayer(): void {
  store.getState().layer?.client.clear();
  loading = undefined;
  store.setState({ layer: null });
}

const currentClient = () => store.getState().layer?.client;

/**
 * TanStack Query's context with the app's QueryClient once the layer is loaded. Always rendered,
 * empty at first, so the tree below keeps its state when the client arrives at sign-in.
 */
export function DataLayerProvider({ children }: { children: ReactNode }) {
  // The server's render and the hydration of its markup read the client the boot loaded (not zustand's initial null).
  const client = useSyncExternalStore(store.subscribe, currentClient, currentClient);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/** The QueryClient where there is one: code the sign-in pages run too (the action runner) asks this. */
export function useOptionalQueryClient(): QueryClient | undefined {
  return useContext(QueryClientContext);
}
