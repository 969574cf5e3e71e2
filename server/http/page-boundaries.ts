/**
 * Where earlier pages of a list ended: the sort key of the row at a position. With it, a
 * later page starts with an index seek past that key instead of stepping over every row
 * before it (OFFSET), so page 200 costs what page 1 does.
 *
 * Like the list totals (count-cache.ts), a boundary is kept for a few seconds and all are
 * dropped at once when a write moves rows between lists (invalidate()). A boundary read in
 * the seconds after a write elsewhere can place a page a few rows off; the same window
 * already applies to the total that sizes the pager.
 */
export type SortValue = string | number | boolean | null;
/** The sort column's value and the tiebreaker (trx_id) of the row at a position. */
export type BoundaryKey = readonly [value: SortValue, tiebreaker: string];
export interface Boundary {
  position: number;
  key: BoundaryKey;
}

interface ListBoundaries {
  positions: Map<number, { key: BoundaryKey; expires: number }>;
}

export class PageBoundaries {
  private readonly lists = new Map<string, ListBoundaries>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxLists = 2_000,
    private readonly maxPerList = 1_000,
  ) {}

  /** The current generation: pass it back to record() so a read begun before invalidate() is not kept. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** The known boundary at the highest position not after `offset` (rows before the page), if any. */
  nearest(listKey: string, offset: number, now = Date.now()): Boundary | undefined {
    const list = this.lists.get(listKey);
    if (!list) return undefined;
    // The usual case: the previous page of the list ended right here, which no other position beats.
    const exact = list.positions.get(offset);
    if (exact && exact.expires > now) return { position: offset, key: exact.key };
    let best: Boundary | undefined;
    for (const [position, entry] of list.positions) {
      if (entry.expires <= now) {
        list.positions.delete(position);
        continue;
      }
      if (position <= offset && (!best || position > best.position)) best = { position, key: entry.key };
    }
    return best;
  }

  /** `key` is the sort key of the row at `position` (1-based: the last row of a page ending there). */
  record(listKey: string, position: number, key: BoundaryKey, generation: number, now = Date.now()): void {
    if (generation !== this.generation || position <= 0) return;
    let list = this.lists.get(listKey);
    if (!list) {
      if (this.lists.size >= this.maxLists) this.lists.clear();
      list = { positions: new Map() };
      this.lists.set(listKey, list);
    }
    if (list.positions.size >= this.maxPerList && !list.positions.has(position)) list.positions.clear();
    list.positions.set(position, { key, expires: now + this.ttlMs });
  }

  invalidate(): void {
    this.generation += 1;
    this.lists.clear();
  }
}
