import { describe, expect, it } from 'vitest';
import { slicePage } from './paging.ts';

describe('slicePage', () => {
  const rows = ['a', 'b', 'c', 'd', 'e'];

  it('gives the page asked for, where it starts and the meta of the whole list', () => {
    expect(slicePage(rows, { number: 2, size: 2 })).toEqual({
      rows: ['c', 'd'],
      from: 2,
      meta: { number: 2, size: 2, total: 5, pages: 3 },
    });
  });

  it('gives a short last page and an empty page past the end, the total unchanged', () => {
    expect(slicePage(rows, { number: 3, size: 2 }).rows).toEqual(['e']);
    const beyond = slicePage(rows, { number: 4, size: 2 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.meta.total).toBe(5);
  });
});
