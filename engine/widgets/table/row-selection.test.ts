import { describe, expect, it } from 'vitest';
import type { TableRow } from './types.ts';
import { createSelectionStore, pageSelection, rowSelectionOf } from './use-row-selection.ts';

const row = (id: string, payable = true): TableRow => ({ id, record: { invoiceId: id, payable } });
const selectedIds = (selection: ReturnType<typeof rowSelectionOf>) => [...selection.store.getState().selected.keys()];

describe('row selection (its own store, issue 25)', () => {
  it('ticks and unticks rows in selection order, with their records', () => {
    const selection = rowSelectionOf(createSelectionStore(), 'multiple', undefined);
    const [a, b, c] = [row('a'), row('b'), row('c')];
    selection.toggle(b, true);
    selection.toggle(a, true);
    selection.toggle(c, true);
    selection.toggle(a, false);
    expect(selectedIds(selection)).toEqual(['b', 'c']);
    expect(selection.store.getState().selected.get('c')).toBe(c.record);
  });

  it('keeps one row in a single-selection table', () => {
    const selection = rowSelectionOf(createSelectionStore(), 'single', undefined);
    selection.toggle(row('a'), true);
    selection.toggle(row('b'), true);
    expect(selectedIds(selection)).toEqual(['b']);
  });

  it('selects only what the definition lets be selected, and nothing without a selection', () => {
    const selection = rowSelectionOf(createSelectionStore(), 'multiple', { payable: true });
    selection.toggle(row('unpayable', false), true);
    selection.setPage([row('a'), row('unpayable', false)], true);
    expect(selectedIds(selection)).toEqual(['a']);
    const none = rowSelectionOf(createSelectionStore(), undefined, undefined);
    none.toggle(row('a'), true);
    expect(selectedIds(none)).toEqual([]);
  });

  it('select-all ticks and unticks the page, leaving other pages as they are', () => {
    const selection = rowSelectionOf(createSelectionStore(), 'multiple', undefined);
    selection.toggle(row('other-page'), true);
    const page = [row('a'), row('b')];
    selection.setPage(page, true);
    expect(selectedIds(selection)).toEqual(['other-page', 'a', 'b']);
    selection.setPage(page, false);
    expect(selectedIds(selection)).toEqual(['other-page']);
    selection.clear();
    expect(selectedIds(selection)).toEqual([]);
  });

  it('tells whether all, some or none of a page is selected', () => {
    const selection = rowSelectionOf(createSelectionStore(), 'multiple', undefined);
    const page = [row('a'), row('b')];
    const state = () => pageSelection(page, selection.store.getState().selected);
    expect(state()).toBe('none');
    selection.toggle(page[0]!, true);
    expect(state()).toBe('some');
    selection.toggle(page[1]!, true);
    expect(state()).toBe('all');
    expect(pageSelection([], selection.store.getState().selected)).toBe('none');
  });

  it('changes only the ticked row for readers of one row (the table is not rendered on a tick)', () => {
    const selection = rowSelectionOf(createSelectionStore(), 'multiple', undefined);
    const answers: Record<string, boolean[]> = { a: [], b: [] };
    const before = { a: false, b: false };
    selection.store.subscribe((state) => {
      for (const id of ['a', 'b'] as const) {
        const now = state.selected.has(id);
        if (now !== before[id]) answers[id]!.push(now);
        before[id] = now;
      }
    });
    selection.toggle(row('a'), true);
    selection.toggle(row('a'), false);
    expect(answers).toEqual({ a: [true, false], b: [] });
  });
});
