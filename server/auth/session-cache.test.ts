import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';
import type { SessionWithUser } from './sessions.ts';

const entry = (userId: number) =>
  ({ user: { user_id: userId }, session: {}, customerIds: [], merchantIds: [] }) as unknown as SessionWithUser;

describe('SessionCache', () => {
  it('keeps an entry for its time to live only', () => {
    const cache = new SessionCache(1_000);
    cache.set('a', entry(1), cache.currentGeneration, 0);
    expect(cache.get('a', 999)).toBeDefined();
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('drops one session, or every session of a user', () => {
    const cache = new SessionCache(1_000);
    for (const [key, user] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      cache.set(key, entry(user), cache.currentGeneration, 0);
    cache.evictSession('c');
    expect(cache.get('c', 1)).toBeUndefined();
    cache.evictUser(1);
    expect([cache.get('a', 1), cache.get('b', 1)]).toEqual([undefined, undefined]);
  });

  it('does not keep a read that began before an eviction', () => {
    const cache = new SessionCache(1_000);
    const generation = cache.currentGeneration;
    cache.evictUser(7);
    cache.set('a', entry(1), generation, 0);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('keeps nothing with a time to live of 0', () => {
    const cache = new SessionCache(0);
    cache.set('a', entry(1), cache.currentGeneration, 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('without a time to live, shares a read among the requests that arrive while it runs, and nothing after it', async () => {
    const cache = new SessionCache(0);
    let reads = 0;
    const read = () => {
      reads += 1;
      return new Promise<SessionWithUser>((resolve) => setTimeout(() => resolve(entry(1)), 10));
    };
    const [first, second] = await Promise.all([cache.shareRead('a', read), cache.shareRead('a', read)]);
    expect(first).toBe(second);
    expect(reads).toBe(1);
    await cache.shareRead('a', read);
    expect(reads).toBe(2);
    // A read begun before an eviction is not joined by later requests.
    const before = cache.shareRead('a', read);
    cache.evictSession('a');
    await Promise.all([before, cache.shareRead('a', read)]);
    expect(reads).toBe(4);
  });
});
