/**
 * Totals of list queries, kept for a few seconds. Counting a large filtered list costs more
 * than reading its page; the total only sizes the pager, so a few seconds of staleness is
 * harmless, and writes that move rows between lists clear it at once (invalidate()).
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; expires: number }>();
  constructor(private readonly ttlMs = 5_000, private readonly maxEntries = 5_000) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.total;
    const total = await count();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { total, expires: now + this.ttlMs });
    return total;
  }

  invalidate(): void {
    this.entries.clear();
  }
}

/** Invoice list totals; payment, dispute and status changes call invalidate(). */
export const invoiceCounts = new CountCache();
