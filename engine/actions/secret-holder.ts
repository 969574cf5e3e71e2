import type { SecretDialogRequest } from './action-environment.ts';

/**
 * The secret while it may show: taken once from the request, dropped when the time is up or the
 * dialog closes. A small external store (read with useSyncExternalStore), so a re-mounted dialog
 * body shows the same secret, and nothing else (no store of the app, no cache, no log) holds it.
 */
export function secretHolder(request: Pick<SecretDialogRequest, 'take' | 'expiresAt'>, now: () => number = Date.now) {
  let secret = request.take();
  const listeners = new Set<() => void>();
  const drop = () => {
    secret = null;
    clearTimeout(timer);
    for (const listener of listeners) listener();
  };
  const timer = setTimeout(drop, Math.max(0, request.expiresAt - now()));
  return {
    read: (): string | null => secret,
    drop,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type SecretHolder = ReturnType<typeof secretHolder>;
