import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';
import type { SessionWithUser } from './sessions.ts';

const entry = (userId: number) => ({ user: { user_id: userId }, session: {}, customerIds: [], merchantIds: [] }) as unknown as SessionWithUser;

describe('SessionCache', () => {
  it('keeps an entry for its time to live only', () => {
    const cache = new SessionCache(1_000);
    cache.set('a', entry(1), cache.currentGeneration, 0);
    expect(cache.get('a', 999)).toBeDefined();
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('drops one session, or every session of a user', () => {
    const cache = new SessionCache(1_000);
    for (const [key, user] of [['a', 1], ['b', 1], ['c', 2]] as const) cache.set(key, entry(user), cache.currentGeneration, 0);
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
});
