import { useCallback, useMemo, useRef, useState } from 'react';
import { functionalUpdate, type RowSelectionState, type Updater } from '@tanstack/react-table';
import type { TableRow } from './types.ts';

export interface RowSelection {
  /** TanStack's selection state (ids), controlled here. */
  state: RowSelectionState;
  /** The selected rows' records, in selection order, as actions receive them. */
  records: Array<Record<string, unknown>>;
  onChange(updater: Updater<RowSelectionState>): void;
  clear(): void;
}

/**
 * Selected rows by id with their records, so a selection survives paging and sorting (the
 * server pages, so other pages' rows are not in the table's row model). It is cleared when
 * resetKey changes: other filters or a refresh after a mutation make the old records stale.
 */
export function useRowSelection(rows: TableRow[], resetKey: string): RowSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, Record<string, unknown>>>(() => new Map());
  const [selectionKey, setSelectionKey] = useState(resetKey);
  if (selectionKey !== resetKey) {
    setSelectionKey(resetKey);
    setSelected(new Map());
  }
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const onChange = useCallback((updater: Updater<RowSelectionState>) => {
    setSelected((previous) => {
      const ids = Object.fromEntries([...previous.keys()].map((id) => [id, true as const]));
      const next = functionalUpdate(updater, ids);
      const byId = new Map(rowsRef.current.map((row) => [row.id, row.record]));
      const result = new Map<string, Record<string, unknown>>();
      for (const id of Object.keys(next)) {
        const record = previous.get(id) ?? byId.get(id);
        if (record) result.set(id, record);
      }
      return result;
    });
  }, []);

  const state = useMemo(() => Object.fromEntries([...selected.keys()].map((id) => [id, true as const])), [selected]);
  const records = useMemo(() => [...selected.values()], [selected]);
  const clear = useCallback(() => setSelected(new Map()), []);
  return { state, records, onChange, clear };
}
