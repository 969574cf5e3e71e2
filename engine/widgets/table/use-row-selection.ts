import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { selectableTest } from './selectable.ts';
import type { TableNode, TableRow } from './types.ts';

/** The selected rows by id with their records, in selection order. */
export interface SelectedRows {
  selected: ReadonlyMap<string, Record<string, unknown>>;
}

/** Whether every selectable row of a page is selected, some of them, or none. */
export type PageSelection = 'all' | 'some' | 'none';

export interface RowSelection {
  /**
   * The selection, a store of its own: a tick renders the row ticked, the select-all box and the
   * bulk actions, which read it, not the whole table (issue 25: at 4x CPU slowdown, rendering the
   * table, its toolbar and pager on every tick took 50 ms to over half a second).
   */
  store: StoreApi<SelectedRows>;
  /** Whether the definition lets a row be selected (its `selectable` query). */
  canSelect(row: TableRow): boolean;
  /** Ticks or unticks a row; in a single-selection table a tick leaves only that row selected. */
  toggle(row: TableRow, on: boolean): void;
  /** Ticks every selectable row of the page (`rows`), or unticks them, leaving other pages' rows as they are. */
  setPage(rows: readonly TableRow[], on: boolean): void;
  clear(): void;
}

const NOTHING: SelectedRows['selected'] = new Map();

/**
 * pageSelection(rows, selected): 'all' when each row is selected (and there is one), 'some'
 * when a few are, else 'none'. `rows` are the page's selectable rows.
 */
export function pageSelection(rows: readonly TableRow[], selected: SelectedRows['selected']): PageSelection {
  let some = false;
  let all = rows.length > 0;
  for (const row of rows) {
    if (selected.has(row.id)) some = true;
    else all = false;
    if (some && !all) break;
  }
  return all ? 'all' : some ? 'some' : 'none';
}

/** An empty selection store (a table's, for the life of the table). */
export function createSelectionStore(): StoreApi<SelectedRows> {
  return createStore<SelectedRows>()(() => ({ selected: NOTHING }));
}

/**
 * The selection's operations over `store` for a table whose definition says `mode` ("single",
 * "multiple" or none) and `selectable` (which rows may be selected).
 * rowSelectionOf(store, 'single', undefined).toggle(row, true) leaves `row` alone selected.
 */
export function rowSelectionOf(
  store: StoreApi<SelectedRows>,
  mode: TableNode['selection'],
  selectable: TableNode['selectable'],
): RowSelection {
  const test = selectableTest(selectable);
  // Select-all asks every row of the page (up to 10,000) on each change of the page.
  const answers = new WeakMap<object, boolean>();
  const canSelect = (row: TableRow) => {
    if (!mode) return false;
    let answer = answers.get(row.record);
    if (answer === undefined) {
      answer = test(row.record);
      answers.set(row.record, answer);
    }
    return answer;
  };
  const change = (edit: (next: Map<string, Record<string, unknown>>) => void) =>
    store.setState(({ selected }) => {
      const next = new Map(selected);
      edit(next);
      return { selected: next };
    });
  return {
    store,
    canSelect,
    toggle: (row, on) => {
      if (on && !canSelect(row)) return;
      change((next) => {
        if (!on) next.delete(row.id);
        else {
          if (mode !== 'multiple') next.clear();
          next.set(row.id, row.record);
        }
      });
    },
    setPage: (rows, on) =>
      change((next) => {
        for (const row of rows) {
          if (!canSelect(row)) continue;
          if (on) next.set(row.id, next.get(row.id) ?? row.record);
          else next.delete(row.id);
        }
      }),
    clear: () => store.setState({ selected: NOTHING }),
  };
}

/**
 * Selected rows by id with their records, so a selection survives paging and sorting (the
 * server pages, so other pages' rows are not in the table's rows). It is cleared when resetKey
 * changes: other filters or a refresh after a mutation make the old records stale.
 */
export function useRowSelection(definition: Pick<TableNode, 'selection' | 'selectable'>, resetKey: string): RowSelection {
  const [store] = useState(createSelectionStore);
  const { selection: mode, selectable } = definition;
  const selection = useMemo(() => rowSelectionOf(store, mode, selectable), [store, mode, selectable]);
  // Before the paint, so no frame shows rows of another list selected.
  const appliedKey = useRef(resetKey);
  useLayoutEffect(() => {
    if (appliedKey.current === resetKey) return;
    appliedKey.current = resetKey;
    store.setState({ selected: NOTHING });
  }, [resetKey, store]);
  return selection;
}

/** Whether the row `id` is selected; renders again only when that changes. */
export function useRowSelected(selection: RowSelection, id: string): boolean {
  return useStore(selection.store, (state) => state.selected.has(id));
}

/** The selected rows' records now, in selection order, as actions receive them. */
export function currentRecords(selection: RowSelection): Array<Record<string, unknown>> {
  return [...selection.store.getState().selected.values()];
}

/** The selected rows' records, in selection order, rendering again when they change. */
export function useSelectedRecords(selection: RowSelection): Array<Record<string, unknown>> {
  const selected = useStore(selection.store, (state) => state.selected);
  return useMemo(() => [...selected.values()], [selected]);
}

/** How much of the page `rows` is selected (the select-all box); renders again only when that changes. */
export function usePageSelection(selection: RowSelection, rows: readonly TableRow[]): PageSelection {
  const selectable = useMemo(() => rows.filter(selection.canSelect), [rows, selection]);
  return useStore(selection.store, (state) => pageSelection(selectable, state.selected));
}
