/**
 * Where the signed-in data layer (data/query-layer.ts: TanStack Query and the route loaders'
 * prefetch) comes from. It is a chunk of its own, so the sign-in pages load none of it (the /login
 * budget, bench/bundle.ts): the session store loads it with the first signed-in session, the boot
 * starts it beside /self when the browser is probably signed in, and route loaders wait for it.
 * Until then the query client context is empty; only signed-in screens read data.
 */
import { useContext, type ReactNode } from 'react';
// The context alone: TanStack's QueryClientProvider module holds no query cache code.
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

type QueryLayer = typeof import('./query-layer.ts');

/** The loaded layer: the app's one QueryClient and the route loaders' prefetch. */
export interface DataLayer { client: QueryClient; prefetchScreen: QueryLayer['prefetchScreen'] }

const store = createStore<{ layer: DataLayer | null }>()(() => ({ layer: null }));
let loading: Promise<DataLayer> | undefined;

/** Loads the layer once (a failed load is tried again on the next call) and creates the QueryClient. */
export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('./query-layer.ts').then((module) => {
    const layer: DataLayer = { client: module.startQueryClient(), prefetchScreen: module.prefetchScreen };
    store.setState({ layer });
    return layer;
  }, (error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * TanStack Query's context with the app's QueryClient once the layer is loaded. Always rendered,
 * empty at first, so the tree below keeps its state when the client arrives at sign-in.
 */
export function DataLayerProvider({ children }: { children: ReactNode }) {
  const client = useStore(store, (state) => state.layer?.client);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/** The QueryClient where there is one: code the sign-in pages run too (the action runner) asks this. */
export function useOptionalQueryClient(): QueryClient | undefined {
  return useContext(QueryClientContext);
}
