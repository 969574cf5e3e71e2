/**
 * Totals of list queries, kept for a few seconds. Counting a large filtered list costs more
 * than reading its page; the total only sizes the pager, so a few seconds of staleness is
 * harmless, and writes that move rows between lists clear it at once (invalidate()).
 */
export class CountCache {
  private readonly entries = new Map<string, { total: Promise<number>; expires: number }>();
  private generation = 0;
  constructor(private readonly ttlMs = 5_000, private readonly maxEntries = 5_000) {}

  /**
   * The cached total, or one count shared by every caller that misses at the same moment:
   * when an entry expires under load, one statement runs instead of one per waiting request.
   */
  get(key: string, count: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.total;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const generation = this.generation;
    const total = count();
    const entry = { total, expires: Number.POSITIVE_INFINITY };
    this.entries.set(key, entry);
    total.then(
      // The time to live starts when the count is known; a count begun before invalidate() is not kept.
      () => { if (generation === this.generation) entry.expires = Date.now() + this.ttlMs; else if (this.entries.get(key) === entry) this.entries.delete(key); },
      () => { if (this.entries.get(key) === entry) this.entries.delete(key); },
    );
    return total;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
