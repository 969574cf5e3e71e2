import { useCallback, useMemo, useState } from 'react';
import { functionalUpdate, type Updater } from '@tanstack/react-table';
import { useSession } from '../../session/store.ts';
import type { TableNode, TableRow } from './types.ts';

/** Which columns show, by column id; a column not named shows. */
export type ColumnVisibility = Record<string, boolean>;

const STORAGE_PREFIX = 'portal.columns';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The columns a table shows before the user chooses (issue 13: tables fit at 1366 px): all but
 * those the definition hides by default (`defaultHidden`), and those `hideWhenEmpty` while no
 * loaded row has a value in them (a Canadian bank's branch number on a list of US accounts).
 */
export function defaultVisibility(definition: Pick<TableNode, 'columns'>, rows: readonly TableRow[]): ColumnVisibility {
  const visibility: ColumnVisibility = {};
  for (const column of definition.columns) {
    const hidden =
      column.defaultHidden === true ||
      (column.hideWhenEmpty === true && rows.length > 0 && rows.every((row) => isEmpty(row.record[column.field])));
    if (hidden) visibility[column.field] = false;
  }
  return visibility;
}

/** Where a user's choice for a table is kept: per user and table, in this browser. */
export function storageKey(userId: number | string | undefined, tableId: string): string {
  return `${STORAGE_PREFIX}.${userId ?? 'anonymous'}.${tableId}`;
}

function readChoice(key: string): ColumnVisibility {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    // Storage refused (private mode) or a value of an older shape: the defaults.
    return {};
  }
}

function writeChoice(key: string, choice: ColumnVisibility): void {
  try {
    localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    /* storage refused: the choice lasts for this page */
  }
}

/** The table's column state: what TanStack shows, and what the narrow-page fit and the column menu read. */
export interface ColumnVisibilityState {
  /** For TanStack: the defaults under the user's choice (a dropped column is still "visible" here). */
  visibility: ColumnVisibility;
  onChange: (updater: Updater<ColumnVisibility>) => void;
  /** Columns the page is too narrow for (VirtualTable, planColumns), until the user picks them. */
  dropped: readonly string[];
  setDropped: (ids: readonly string[]) => void;
  /** Whether the user chose this column in the menu (a chosen column is never dropped). */
  chosen: (id: string) => boolean;
  /** The column menu's choice: shown or hidden, kept per user and table. */
  choose: (id: string, shown: boolean) => void;
}

/**
 * The table's column visibility for TanStack (state and its change handler): the defaults
 * (defaultVisibility) under what the user chose in the column menu, which is remembered per
 * user and table in local storage; and the columns a narrow page drops (issue 26), which the
 * menu shows unticked until the user ticks them back.
 */
export function useColumnVisibility(definition: TableNode, rows: readonly TableRow[]): ColumnVisibilityState {
  const userId = useSession((session) => session.self?.user_id);
  const key = storageKey(userId, definition.id ?? definition.source.resource);
  const [choice, setChoice] = useState(() => ({ key, value: readChoice(key) }));
  const [dropped, setDroppedState] = useState<readonly string[]>([]);
  const chosen = choice.key === key ? choice.value : readChoice(key);
  const defaults = useMemo(() => defaultVisibility(definition, rows), [definition, rows]);
  const visibility = useMemo(() => ({ ...defaults, ...chosen }), [defaults, chosen]);
  const remember = useCallback(
    (next: ColumnVisibility, explicit?: string) => {
      // Only what differs from the defaults is the user's choice, and what they ticked themselves.
      const own = Object.fromEntries(
        Object.entries(next).filter(([id, shown]) => (defaults[id] ?? true) !== shown || id in chosen || id === explicit),
      );
      writeChoice(key, own);
      setChoice({ key, value: own });
    },
    [defaults, chosen, key],
  );
  const onChange = useCallback(
    (updater: Updater<ColumnVisibility>) => remember(functionalUpdate(updater, visibility)),
    [visibility, remember],
  );
  const choose = useCallback((id: string, shown: boolean) => remember({ ...visibility, [id]: shown }, id), [visibility, remember]);
  const setDropped = useCallback((ids: readonly string[]) => {
    setDroppedState((current) => (current.join() === ids.join() ? current : ids));
  }, []);
  const isChosen = useCallback((id: string) => id in chosen, [chosen]);
  return { visibility, onChange, dropped, setDropped, chosen: isChosen, choose };
}
