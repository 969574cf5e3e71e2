import { randomBytes } from 'node:crypto';
import { consoleLog, type BackgroundLog } from '../background-log.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import { sessionCache } from './session-cache.ts';

/**
 * Issue 22 item 12: a sign-out, a lock, a password change or a new scope is honoured by every
 * server process at once. Each process keeps the sessions it read for a moment (session-cache.ts);
 * whatever drops entries here is also announced on the change feed, and every other process drops
 * the same entries when it hears it. Issue 25 keeps sessions on PostgreSQL too, so "at once" rests
 * on two rules here:
 * - a process keeps sessions only while its subscription is live: closed until the listener has
 *   connected, closed again the moment it is lost, and opened empty when it is back;
 * - an announcement is answered only once this process has heard it back on its own listener:
 *   PostgreSQL signals every listening backend at the same commit, so by then the others' listeners
 *   have been sent it too, before the revoking request's answer can lead to another request.
 */

/** Which cached sessions to drop: one session, every session of a user, or all of them. */
export type SessionScope = { session: string } | { user: number } | 'all';

const CHANNEL = 'session-evictions';
/** How long an announcement waits to be heard back before its request is answered anyway (a listener in trouble). */
const ECHO_TIMEOUT_MS = 2_000;

interface Shared {
  feed: ChangeFeed;
  db: Database;
  log: BackgroundLog;
  /** Whether the subscription is live, so that this process's own announcements come back to it. */
  live: boolean;
  /** Announcements of this process not heard back yet, by their tag. */
  echoes: Map<string, () => void>;
}

let shared: Shared | undefined;

/**
 * `e:<tag>|<scope>` tags an announcement so its sender knows it came back. A process of an older
 * format reads an unknown prefix as 'all' (decode), which drops more, never less.
 */
function encode(scope: SessionScope, tag: string): string {
  const what = scope === 'all' ? '*' : 'session' in scope ? `s:${scope.session}` : `u:${scope.user}`;
  return `e:${tag}|${what}`;
}

function decode(payload: string): { scope: SessionScope; tag?: string } {
  if (payload.startsWith('e:')) {
    const bar = payload.indexOf('|');
    if (bar > 2) return { scope: decodeScope(payload.slice(bar + 1)), tag: payload.slice(2, bar) };
  }
  return { scope: decodeScope(payload) };
}

function decodeScope(text: string): SessionScope {
  if (text.startsWith('s:')) return { session: text.slice(2) };
  const user = text.startsWith('u:') ? Number(text.slice(2)) : Number.NaN;
  // Anything else (a newer process's format, say) drops everything: never keep what might be revoked.
  return Number.isSafeInteger(user) ? { user } : 'all';
}

function dropHere(scope: SessionScope): void {
  if (scope === 'all') sessionCache.evictAll();
  else if ('session' in scope) sessionCache.evictSession(scope.session);
  else sessionCache.evictUser(scope.user);
}

/**
 * Joins this process to the others (server/main.ts): evictions they announce drop entries here;
 * the cache keeps sessions only while the subscription is live. Returns the way out.
 */
export function shareSessionEvictions(feed: ChangeFeed, db: Database, log: BackgroundLog = consoleLog): () => void {
  const joined: Shared = { feed, db, log, live: false, echoes: new Map() };
  sessionCache.close();
  const unsubscribe = feed.subscribe(CHANNEL, {
    onMessage: (payload) => {
      const { scope, tag } = decode(payload);
      dropHere(scope);
      if (tag !== undefined) joined.echoes.get(tag)?.();
    },
    onResync: () => {
      joined.live = true;
      sessionCache.open();
    },
    onPause: () => {
      joined.live = false;
      sessionCache.close();
      // Nothing more comes back on the lost connection: waiting announcements go on.
      for (const heard of [...joined.echoes.values()]) heard();
    },
  });
  shared = joined;
  return () => {
    unsubscribe();
    if (shared === joined) shared = undefined;
    sessionCache.open();
  };
}

/**
 * Drops the cached sessions of `scope` here at once, and in every other process before it
 * resolves: it resolves once the announcement has come back to this process's own listener
 * (or after ECHO_TIMEOUT_MS, or at once while the listener is down: then nothing is cached here,
 * and the others were sent it at the commit all the same).
 */
export async function forgetSessions(scope: SessionScope): Promise<void> {
  dropHere(scope);
  const joined = shared;
  if (!joined) return;
  const tag = randomBytes(9).toString('base64url');
  let timer: NodeJS.Timeout | undefined;
  const heardBack = new Promise<void>((resolve) => {
    joined.echoes.set(tag, resolve);
    timer = setTimeout(() => {
      joined.log.warn({ channel: CHANNEL, timeoutMs: ECHO_TIMEOUT_MS }, 'session eviction not heard back in time');
      resolve();
    }, ECHO_TIMEOUT_MS);
    timer.unref();
  });
  try {
    await joined.feed.publish(joined.db, CHANNEL, encode(scope, tag));
    if (joined.live) await heardBack;
  } finally {
    clearTimeout(timer);
    joined.echoes.delete(tag);
  }
}
