import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.ts';

function deferred() {
  let resolve!: (value: number) => void;
  const promise = new Promise<number>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('CountCache', () => {
  it('runs one count for every caller that misses at the same moment', async () => {
    const cache = new CountCache();
    const pending = deferred();
    let counts = 0;
    const count = () => {
      counts += 1;
      return pending.promise;
    };
    const waiting = Array.from({ length: 64 }, () => cache.get('k', count));
    pending.resolve(42);
    expect(await Promise.all(waiting)).toEqual(Array(64).fill(42));
    expect(await cache.get('k', count)).toBe(42);
    expect(counts).toBe(1);
  });

  it('counts again after invalidate(), and does not keep a count begun before it', async () => {
    const cache = new CountCache();
    const before = deferred();
    const first = cache.get('k', () => before.promise);
    cache.invalidate();
    before.resolve(1);
    expect(await first).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('forgets a failed count so the next caller tries again', async () => {
    const cache = new CountCache();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('expires entries after the time to live', async () => {
    const cache = new CountCache(0);
    expect(await cache.get('k', async () => 1)).toBe(1);
    await new Promise((done) => setTimeout(done, 2));
    expect(await cache.get('k', async () => 2)).toBe(2);
  });
});
