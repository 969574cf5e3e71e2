import { LRUCache } from 'lru-cache';

/**
 * Totals of list queries, kept for a few seconds. Counting a large filtered list costs more
 * than reading its page; the total only sizes the pager, so a few seconds of staleness is
 * harmless, and writes that move rows between lists clear it at once (invalidate()).
 * The container is lru-cache: the least recently used totals go first when it is full.
 */
export class CountCache {
  private readonly entries: LRUCache<string, Promise<number>>;
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    maxEntries = 5_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  /**
   * The cached total, or one count shared by every caller that misses at the same moment:
   * when an entry expires under load, one statement runs instead of one per waiting request.
   */
  get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const total = count();
    // Kept without expiry while it runs (ttl 0): the time to live starts when the count is known.
    this.entries.set(key, total, { ttl: 0 });
    const current = () => this.entries.peek(key, { allowStale: true }) === total;
    total.then(
      // A count begun before invalidate() is not kept.
      () => {
        if (!current()) return;
        if (generation === this.generation && this.ttlMs > 0) this.entries.set(key, total, { ttl: this.ttlMs });
        else this.entries.delete(key);
      },
      () => {
        if (current()) this.entries.delete(key);
      },
    );
    return total;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
