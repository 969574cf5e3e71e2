import { LRUCache } from 'lru-cache';
import type { SessionWithUser } from './sessions.ts';

/**
 * Sessions with their user and row scope, kept for a second after they were read.
 *
 * A page of the portal sends several API requests at once, each of which would read the same
 * session, user and scope; within a second they share one read. This server's own writes to a
 * session or a user (sign-out, customer selection, card access, failed sign-ins and locks,
 * password resets) drop the entries they touch at once; another server process's writes are
 * announced on the change feed and drop them too (session-revocation.ts), and while this process
 * cannot hear those announcements the cache is closed (close()/open()). A change written
 * straight into the database (a support tool) is seen within `ttlMs`. Only "still signed in" is
 * taken from here: a session that looks timed out is read again before it is ended.
 * The container is lru-cache, bounded by count (the least recently used session goes first);
 * the expiry stays an explicit time in the entry, because get() and set() take the time they
 * compare against (lru-cache reads its own clock).
 */
export class SessionCache {
  private readonly entries: LRUCache<string, { value: SessionWithUser; expires: number }>;
  private readonly reading = new Map<string, { generation: number; read: Promise<SessionWithUser | undefined> }>();
  private generation = 0;
  /** Whether entries may be kept at all: closed while this process would miss other processes' revocations. */
  private isOpen = true;

  constructor(
    private ttlMs = 1_000,
    maxEntries = 10_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** Changes the time to live (SESSION_CACHE_MS; 0 turns keeping off). */
  setTtl(ms: number): void {
    this.ttlMs = ms;
    this.entries.clear();
  }

  /** Keeps nothing from now on (and drops what it kept) until open(): each request reads, as with a time to live of 0. */
  close(): void {
    this.isOpen = false;
    this.evictAll();
  }

  /** Keeps entries again, starting empty: whatever was missed while closed cannot be in it. */
  open(): void {
    this.evictAll();
    this.isOpen = true;
  }

  /** The time to live in force: none while closed. */
  private get keepMs(): number {
    return this.isOpen ? this.ttlMs : 0;
  }

  /**
   * With no time to live, requests that arrive while a read of their session is under way share
   * that read instead of keeping its result: a page's parallel requests still cost one read, and
   * nothing outlives the read, so a sign-out in another process counts from the next request on.
   * A read begun before an eviction is never joined.
   */
  shareRead(idHash: string, read: () => Promise<SessionWithUser | undefined>): Promise<SessionWithUser | undefined> {
    if (this.keepMs > 0) return read();
    const running = this.reading.get(idHash);
    if (running && running.generation === this.generation) return running.read;
    const started = read().finally(() => {
      if (this.reading.get(idHash)?.read === started) this.reading.delete(idHash);
    });
    this.reading.set(idHash, { generation: this.generation, read: started });
    return started;
  }

  /** The generation to pass back to set(): a read begun before an eviction is not kept. */
  get currentGeneration(): number {
    return this.generation;
  }

  get(idHash: string, now = Date.now()): SessionWithUser | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.expires > now) return entry.value;
    this.entries.delete(idHash);
    return undefined;
  }

  set(idHash: string, value: SessionWithUser, generation: number, now = Date.now()): void {
    if (generation !== this.generation || this.keepMs <= 0) return;
    this.entries.set(idHash, { value, expires: now + this.ttlMs });
  }

  evictSession(idHash: string): void {
    this.generation += 1;
    this.entries.delete(idHash);
  }

  /** Issue 17: a group's customers changed, so every member's scope may have: nothing cached is kept. */
  evictAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  evictUser(userId: number): void {
    this.generation += 1;
    const ofUser = [...this.entries.entries()].filter(([, entry]) => entry.value.user.user_id === userId);
    for (const [idHash] of ofUser) this.entries.delete(idHash);
  }
}

/** The server's cache; SESSION_CACHE_MS sets its time to live (0 turns it off). */
export const sessionCache = new SessionCache(Number(process.env.SESSION_CACHE_MS ?? 1_000));
