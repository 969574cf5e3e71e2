import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import { sessionCache } from './session-cache.ts';

/**
 * Issue 22 item 12: a sign-out, a lock, a password change or a new scope is honoured by every
 * server process at once. Each process keeps the sessions it read for a moment (session-cache.ts);
 * whatever drops entries here is also announced on the change feed, before the write's answer goes
 * out, and every other process drops the same entries when it hears it.
 */

/** Which cached sessions to drop: one session, every session of a user, or all of them. */
export type SessionScope = { session: string } | { user: number } | 'all';

const CHANNEL = 'session-evictions';

let shared: { feed: ChangeFeed; db: Database } | undefined;

function encode(scope: SessionScope): string {
  if (scope === 'all') return '*';
  return 'session' in scope ? `s:${scope.session}` : `u:${scope.user}`;
}

function decode(payload: string): SessionScope {
  if (payload.startsWith('s:')) return { session: payload.slice(2) };
  const user = payload.startsWith('u:') ? Number(payload.slice(2)) : Number.NaN;
  // Anything else (a newer process's format, say) drops everything: never keep what might be revoked.
  return Number.isSafeInteger(user) ? { user } : 'all';
}

function dropHere(scope: SessionScope): void {
  if (scope === 'all') sessionCache.evictAll();
  else if ('session' in scope) sessionCache.evictSession(scope.session);
  else sessionCache.evictUser(scope.user);
}

/**
 * Joins this process to the others (server/main.ts): evictions they announce drop entries here, and
 * after the listener (re)connects, when announcements may have been missed, everything cached goes.
 * Returns the way out.
 */
export function shareSessionEvictions(feed: ChangeFeed, db: Database): () => void {
  const unsubscribe = feed.subscribe(CHANNEL, {
    onMessage: (payload) => dropHere(decode(payload)),
    onResync: () => sessionCache.evictAll(),
  });
  shared = { feed, db };
  return () => {
    unsubscribe();
    shared = undefined;
  };
}

/** Drops the cached sessions of `scope` here at once, and in every other process before it resolves. */
export async function forgetSessions(scope: SessionScope): Promise<void> {
  dropHere(scope);
  if (shared) await shared.feed.publish(shared.db, CHANNEL, encode(scope));
}
