/**
 * Which screens a draft changes, and as whom to look at them (issue 24, the studio's QA
 * snapshots): the screen × role pairs whose accessibility tree may differ between the published
 * tenant and the draft. Cheap and conservative, from the definitions alone:
 * - screen: the tenant's override of the screen differs;
 * - texts: a text override changed (any language) whose key the screen's definition names; a key no
 *   screen names (a widget's own text) counts for every screen naming a key of its namespace;
 * - settings: a feature flag changed that the screen's definition names (its guard or a widget's);
 * - access: the screen's guard lets a role in on one side only (permissions, flags or the guard
 *   override changed), rendered for those roles alone.
 * Other settings (limits, amounts) and role permissions that leave every guard as it was cannot be
 * tied to screens without rendering them all: the result says they were not rendered. Menus are
 * outside the main landmark the snapshots record. Public screens have no user to render as.
 */
import { flagOn } from './flags.ts';
import { guardWithOverride } from './guard-paths.ts';
import { mergePatch } from '../common/merge-patch.ts';
import { buildAbility, type Policy } from './policy.ts';
import { withPermissionOverrides } from './policy-overrides.ts';
import { decideGuard, type GuardDefinition, type UserType } from './route-guards.ts';
import type { Tenant } from './tenant.ts';

export interface ScopeScreen {
  id: string;
  path: string;
  title?: string;
  guard: GuardDefinition;
  /** The shipped definition, parts resolved: what the overrides patch. */
  definition: object;
}

/** The first portal user of each user type and role (server/studio/snapshots/job.ts picks them). */
export interface ScopeUser {
  username: string;
  user_type: UserType;
  role: string;
}

export type SnapshotReason = 'screen' | 'texts' | 'settings' | 'access';
/** What changed that no rendered screen stands for. */
export type SnapshotNote = 'menus' | 'otherSettings' | 'permissions' | 'publicScreens';

export interface SnapshotTarget {
  screen: string;
  title?: string;
  path: string;
  reasons: SnapshotReason[];
  user: ScopeUser;
}

export interface SnapshotScope {
  targets: SnapshotTarget[];
  notes: SnapshotNote[];
}

type Side = Pick<Tenant, 'flags' | 'overrides'>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every text key whose override differs in some language. */
function changedTextKeys(published: Side, draft: Side): string[] {
  const before = published.overrides?.texts ?? {};
  const after = draft.overrides?.texts ?? {};
  const keys = new Set<string>();
  for (const language of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = (before as Record<string, Record<string, string>>)[language] ?? {};
    const b = (after as Record<string, Record<string, string>>)[language] ?? {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (a[key] !== b[key]) keys.add(key);
  }
  return [...keys];
}

function changedFlags(published: Side, draft: Side): string[] {
  return [...new Set([...Object.keys(published.flags), ...Object.keys(draft.flags)])].filter(
    (flag) => flagOn(published.flags, flag) !== flagOn(draft.flags, flag),
  );
}

/** A screen's definition as each side's override leaves it, as searchable text. */
function definitionText(screen: ScopeScreen, side: Side): string {
  const override = side.overrides?.screens?.[screen.id];
  return JSON.stringify(override === undefined ? screen.definition : mergePatch(screen.definition, override));
}

function allows(screen: ScopeScreen, side: Side, policy: Policy, user: ScopeUser): boolean {
  const guard = guardWithOverride(screen.guard, side.overrides?.screens?.[screen.id]);
  const ability = buildAbility(withPermissionOverrides(policy, side.overrides?.permissions), {
    userType: user.user_type,
    role: user.role,
    flags: side.flags,
  });
  // The renderer chooses a customer and a merchant first, so a screen needing one is reachable.
  const context = {
    authenticated: true,
    userType: user.user_type,
    role: user.role,
    flags: side.flags,
    ability,
    hasCustomer: true,
    hasMerchant: true,
  };
  return decideGuard(guard, context).allow;
}

/** The settings other than the flags (which are tied to screens above) and the overrides. */
function settingsOf({ flags: _flags, overrides: _overrides, ...settings }: Tenant): object {
  return settings;
}

export function snapshotScope(
  screens: readonly ScopeScreen[],
  published: Tenant,
  draft: Tenant,
  policy: Policy,
  users: readonly ScopeUser[],
): SnapshotScope {
  const textKeys = changedTextKeys(published, draft);
  const flags = changedFlags(published, draft);
  const texts = screens.map((screen) => `${definitionText(screen, published)}\n${definitionText(screen, draft)}`);
  const names = (text: string, key: string) => text.includes(`"${key}"`);
  // Keys no definition names (a widget's own words): every screen naming a key of their namespace.
  const namespaces = textKeys.filter((key) => !texts.some((text) => names(text, key))).map((key) => `"${key.split('.')[0]}.`);
  const targets: SnapshotTarget[] = [];
  const notes = new Set<SnapshotNote>();
  screens.forEach((screen, index) => {
    const text = texts[index]!;
    const reasons: SnapshotReason[] = [];
    if (!same(published.overrides?.screens?.[screen.id], draft.overrides?.screens?.[screen.id])) reasons.push('screen');
    if (textKeys.some((key) => names(text, key)) || namespaces.some((prefix) => text.includes(prefix))) reasons.push('texts');
    if (flags.some((flag) => names(text, flag))) reasons.push('settings');
    if (screen.guard.public) {
      if (reasons.length) notes.add('publicScreens');
      return;
    }
    for (const user of users) {
      const before = allows(screen, published, policy, user);
      const after = allows(screen, draft, policy, user);
      const access = before !== after;
      if (!before && !after) continue;
      if (reasons.length || access)
        targets.push({
          screen: screen.id,
          ...(screen.title ? { title: screen.title } : {}),
          path: screen.path,
          reasons: access ? [...reasons, 'access'] : reasons,
          user,
        });
    }
  });
  if (!same(published.overrides?.menus, draft.overrides?.menus)) notes.add('menus');
  if (!same(settingsOf(published), settingsOf(draft))) notes.add('otherSettings');
  if (!same(published.overrides?.permissions, draft.overrides?.permissions)) notes.add('permissions');
  return { targets, notes: [...notes] };
}
