import type { MenuEntry } from '../../domain/menus.ts';
import { sameJson } from './merge-patch-diff.ts';
import { restoreItem } from './screen-edits.ts';

/**
 * A portal type's side menu as the studio's form edits it (issue 24: menus per portal type, as
 * screens): entries shown or hidden (removed from the list; shown again at their shipped place),
 * ordered and relabelled. The tenant's override is the whole list (domain/menu-overrides.ts),
 * or nothing while it is the shipped one.
 */
export interface EntryView {
  id: string;
  label: string;
  shown: boolean;
}

const sameId = (a: MenuEntry, b: MenuEntry) => a.id === b.id;

/** The menu's entries in its order, then the shipped entries it hides. */
export const menuView = (shipped: readonly MenuEntry[], menu: readonly MenuEntry[]): EntryView[] => [
  ...menu.map(({ id, label }) => ({ id, label, shown: true })),
  ...shipped.filter((entry) => !menu.some((kept) => sameId(kept, entry))).map(({ id, label }) => ({ id, label, shown: false })),
];

export function setEntryShown(menu: readonly MenuEntry[], shipped: readonly MenuEntry[], id: string, shown: boolean): MenuEntry[] {
  if (!shown) return menu.filter((entry) => entry.id !== id);
  const original = shipped.find((entry) => entry.id === id);
  return !original || menu.some((entry) => entry.id === id) ? [...menu] : restoreItem(menu, shipped, original, sameId);
}

export function moveEntry(menu: readonly MenuEntry[], id: string, offset: number): MenuEntry[] {
  const entries = [...menu];
  const from = entries.findIndex((entry) => entry.id === id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= entries.length) return entries;
  const [entry] = entries.splice(from, 1);
  entries.splice(to, 0, entry!);
  return entries;
}

export const setEntryLabel = (menu: readonly MenuEntry[], id: string, label: string): MenuEntry[] =>
  menu.map((entry) => (entry.id === id ? { ...entry, label } : entry));

/** The tenant's override of the menu: the list, unless it is the shipped one. */
export const menuOverride = (shipped: readonly MenuEntry[], menu: readonly MenuEntry[]): MenuEntry[] | undefined =>
  sameJson(shipped, menu) ? undefined : [...menu];
