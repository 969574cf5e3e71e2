/**
 * A tenant's side menus (issue 24, `overrides.menus`): per portal type, the tenant's own list of
 * entries in place of the shipped one (screens/menus/side-menus.json). A JSON Merge Patch over the
 * shipped menus by portal type, so a list is replaced whole (RFC 7386 has no merge for arrays), as
 * a role's grants are in the permission overrides; a portal type the tenant leaves out keeps the
 * shipped menu and its later changes. The server builds /self's menu from the result, so the
 * portal follows without a build.
 */
import type { MenuDefinitions, MenuEntry } from './menus.ts';
import type { ScreenChange } from './screen-diff.ts';

export type MenuKind = keyof MenuDefinitions;
export type MenuOverrides = Partial<Record<MenuKind, MenuEntry[]>>;

export const MENU_KINDS: readonly MenuKind[] = ['customer', 'corporate', 'merchant', 'dealer'];

/** The menus the tenant's users get. */
export function withMenuOverrides(menus: MenuDefinitions, overrides: MenuOverrides | undefined): MenuDefinitions {
  if (!overrides) return menus;
  const merged = { ...menus };
  for (const kind of MENU_KINDS) if (overrides[kind]) merged[kind] = overrides[kind];
  return merged;
}

/**
 * What a menu override changes, in the screen diff's terms (domain/screen-diff.ts): an entry
 * hidden or shown again (by its id, named by its label), its label changed; anything else (the
 * order, a path) reads as "definition changed".
 */
export function menuChanges(
  shipped: MenuDefinitions,
  before: MenuOverrides | undefined,
  after: MenuOverrides | undefined,
): Array<{ menu: MenuKind; change: ScreenChange }> {
  const changes: Array<{ menu: MenuKind; change: ScreenChange }> = [];
  for (const menu of MENU_KINDS) {
    const old = before?.[menu] ?? shipped[menu];
    const now = after?.[menu] ?? shipped[menu];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    const found: ScreenChange[] = [];
    for (const entry of old) {
      const kept = now.find((candidate) => candidate.id === entry.id);
      if (!kept) found.push({ kind: 'widgetHidden', widget: entry.label });
      else if (kept.label !== entry.label) found.push({ kind: 'labelChanged', where: menu, before: entry.label, after: kept.label });
    }
    for (const entry of now)
      if (!old.some((candidate) => candidate.id === entry.id)) found.push({ kind: 'widgetShown', widget: entry.label });
    if (found.length === 0) found.push({ kind: 'definitionChanged' });
    changes.push(...found.map((change) => ({ menu, change })));
  }
  return changes;
}

/** Why a tenant's menu may not be published; `code` is the reason's key in locales/<lang>/studio.json. */
export interface MenuOverrideProblem {
  code: 'studio.menus.unknownScreen' | 'studio.texts.unknownKey' | 'studio.menus.duplicateId';
  values: Record<string, string>;
  pointer: string;
}

/** Entries that open no screen the portal has, name no text, or share an id with another entry of the menu. */
export function menuOverrideProblems(
  overrides: MenuOverrides | undefined,
  screenExists: (id: string) => boolean,
  keyExists: (key: string) => boolean,
): MenuOverrideProblem[] {
  const problems: MenuOverrideProblem[] = [];
  for (const menu of MENU_KINDS) {
    const seen = new Set<string>();
    (overrides?.[menu] ?? []).forEach((entry, index) => {
      const pointer = `/overrides/menus/${menu}/${index}`;
      if (entry.screen && !screenExists(entry.screen))
        problems.push({ code: 'studio.menus.unknownScreen', values: { screen: entry.screen }, pointer: `${pointer}/screen` });
      if (!keyExists(entry.label))
        problems.push({ code: 'studio.texts.unknownKey', values: { key: entry.label }, pointer: `${pointer}/label` });
      if (seen.has(entry.id)) problems.push({ code: 'studio.menus.duplicateId', values: { id: entry.id }, pointer: `${pointer}/id` });
      seen.add(entry.id);
    });
  }
  return problems;
}
