import { type MenuKind, menuChanges } from './menu-overrides.ts';
import type { MenuDefinitions } from './menus.ts';
import type { Policy, PolicyUserType, RoleName } from './policy.ts';
import { withPermissionOverrides } from './policy-overrides.ts';
import { type ScreenChange, screenChanges } from './screen-diff.ts';
import type { Tenant } from './tenant.ts';

/**
 * A change between two tenant documents in the operator's words (issue 24): each change is an
 * i18n key of locales/<lang>/studio.json with its values, so the studio says "Card fee: $2.95 →
 * $3.50" in the operator's language rather than showing JSON. Settings are named by their JSON
 * pointer; each has a label of its own (studio.settings.*, domain/setting-text-keys.ts), a
 * setting a later schema adds and no text names yet reads as its path. Role permissions are
 * compared as what each role is granted.
 */
export type ChangeValue = { money: number } | { flag: boolean } | { text: string } | { list: string[] } | { absent: true };

export type TenantChange =
  | { kind: 'setting'; pointer: string; before: ChangeValue; after: ChangeValue }
  | { kind: 'grants'; userType: PolicyUserType; role: RoleName; added: string[]; removed: string[] }
  /** `change` says what changed on the screen (domain/screen-diff.ts), `title` is its title's text key. */
  | { kind: 'screen'; screen: string; title?: string; change: ScreenChange }
  /** A portal type's side menu, its change in the screen diff's terms (domain/menu-overrides.ts). */
  | { kind: 'menu'; menu: MenuKind; change: ScreenChange }
  /** A tenant's own text: given or changed, or taken back (the shipped text again). */
  | { kind: 'text'; language: string; key: string; change: 'changed' | 'restored' };

/** A shipped screen definition by id (screens/*.json), to read what an override changes on it. */
export type ShippedScreen = (id: string) => ({ title?: string } & object) | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function valueOf(pointer: string, value: unknown): ChangeValue {
  if (value === undefined) return { absent: true };
  if (typeof value === 'number' && /Minor$/.test(pointer)) return { money: value };
  if (typeof value === 'boolean') return { flag: value };
  if (Array.isArray(value)) return { list: value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))) };
  return { text: typeof value === 'string' ? value : JSON.stringify(value) };
}

function settingChanges(before: unknown, after: unknown, pointer: string, changes: TenantChange[]): void {
  if (isObject(before) && isObject(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      settingChanges(before[key], after[key], `${pointer}/${key}`, changes);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  changes.push({ kind: 'setting', pointer, before: valueOf(pointer, before), after: valueOf(pointer, after) });
}

function grantChanges(shipped: Policy, before: Tenant, after: Tenant): TenantChange[] {
  const old = withPermissionOverrides(shipped, before.overrides?.permissions);
  const now = withPermissionOverrides(shipped, after.overrides?.permissions);
  const changes: TenantChange[] = [];
  for (const userType of Object.keys(now.grants) as PolicyUserType[]) {
    for (const role of Object.keys(now.grants[userType]) as RoleName[]) {
      const was = new Set(old.grants[userType]?.[role] ?? []);
      const is = new Set(now.grants[userType][role]);
      const added = [...is].filter((set) => !was.has(set)).sort();
      const removed = [...was].filter((set) => !is.has(set)).sort();
      if (added.length > 0 || removed.length > 0) changes.push({ kind: 'grants', userType, role, added, removed });
    }
  }
  return changes;
}

function overrideScreenChanges(screen: string, shippedScreen: ShippedScreen | undefined, before: unknown, after: unknown): TenantChange[] {
  const definition = shippedScreen?.(screen);
  if (!definition) return [{ kind: 'screen', screen, change: { kind: 'definitionChanged' } }];
  return screenChanges(definition, before, after).map((change) => ({ kind: 'screen', screen, title: definition.title, change }));
}

function textChanges(before: Tenant, after: Tenant): TenantChange[] {
  const old = before.overrides?.texts ?? {};
  const now = after.overrides?.texts ?? {};
  const changes: TenantChange[] = [];
  for (const language of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort() as Array<keyof typeof old>) {
    const was = old[language] ?? {};
    const is = now[language] ?? {};
    for (const key of [...new Set([...Object.keys(was), ...Object.keys(is)])].sort()) {
      if (was[key] === is[key]) continue;
      changes.push({ kind: 'text', language, key, change: is[key] === undefined ? 'restored' : 'changed' });
    }
  }
  return changes;
}

/**
 * What publishing `after` over `before` changes, settings in document order, then permissions,
 * screens, menus (with the shipped menus to compare with) and texts.
 */
export function tenantChanges(
  shipped: Policy,
  before: Tenant,
  after: Tenant,
  shippedScreen?: ShippedScreen,
  shippedMenus?: MenuDefinitions,
): TenantChange[] {
  const { overrides: beforeOverrides, $schema: _beforeSchema, ...beforeSettings } = before as Tenant & { $schema?: string };
  const { overrides: afterOverrides, $schema: _afterSchema, ...afterSettings } = after as Tenant & { $schema?: string };
  const changes: TenantChange[] = [];
  settingChanges(beforeSettings, afterSettings, '', changes);
  changes.push(...grantChanges(shipped, before, after));
  const screens = new Set([...Object.keys(beforeOverrides?.screens ?? {}), ...Object.keys(afterOverrides?.screens ?? {})]);
  for (const screen of [...screens].sort()) {
    if (JSON.stringify(beforeOverrides?.screens?.[screen]) !== JSON.stringify(afterOverrides?.screens?.[screen]))
      changes.push(...overrideScreenChanges(screen, shippedScreen, beforeOverrides?.screens?.[screen], afterOverrides?.screens?.[screen]));
  }
  if (shippedMenus)
    changes.push(
      ...menuChanges(shippedMenus, beforeOverrides?.menus, afterOverrides?.menus).map((change) => ({ kind: 'menu' as const, ...change })),
    );
  changes.push(...textChanges(before, after));
  return changes;
}
