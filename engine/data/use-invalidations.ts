import { useCallback, useRef, useSyncExternalStore } from 'react';
import { hashKey, partialMatchKey, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * How many times a cached read under `prefix` has been invalidated (a write happened, see
 * queries.ts invalidateResources) since the caller mounted. The table clears its row selection
 * when it changes: the selected records may have changed on the server.
 */
export function useInvalidations(prefix: QueryKey): number {
  const client = useQueryClient();
  const count = useRef(0);
  const prefixHash = hashKey(prefix);
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefixHash stands for the prefix, a new array on every render.
  const subscribe = useCallback(
    (notify: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'invalidate' && partialMatchKey(event.query.queryKey, prefix)) {
          count.current += 1;
          notify();
        }
      }),
    [client, prefixHash],
  );
  return useSyncExternalStore(
    subscribe,
    () => count.current,
    () => count.current,
  );
}
