import { readdirSync, readFileSync } from 'node:fs';
import { resolveParts } from '../../common/definition-parts.ts';
import type { MenuDefinitions } from '../../domain/menus.ts';
import type { GuardDefinition } from '../../domain/route-guards.ts';
import type { ShippedScreen } from '../../domain/tenant-diff.ts';
import sideMenus from '../../screens/menus/side-menus.json' with { type: 'json' };

const SCREENS_DIR = new URL('../../screens/', import.meta.url);
const PARTS_DIR = new URL('parts/', SCREENS_DIR);

const readJsonFiles = (directory: URL): Array<[string, unknown]> =>
  readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as unknown]);

export interface ShippedDefinition {
  id: string;
  title?: string;
  path?: string;
  guard?: GuardDefinition;
}

let screens: Map<string, ShippedDefinition> | undefined;

/**
 * The shipped screen definitions (screens/*.json) by id, read on first use and kept: what a
 * tenant's screen overrides patch, for the diff's words and the effective permissions. Their parts
 * (`$use`, screens/parts) are resolved, as in the portal, whose overrides patch the resolved screen.
 * The definitions are validated by the build and tests.
 */
export function shippedScreens(): ReadonlyMap<string, ShippedDefinition> {
  if (!screens) {
    const parts = new Map(readJsonFiles(PARTS_DIR));
    screens = new Map(
      readJsonFiles(SCREENS_DIR)
        .map(([, definition]) => resolveParts(definition as ShippedDefinition, parts).resolved)
        .map((definition) => [definition.id, definition]),
    );
  }
  return screens;
}

export const shippedScreen: ShippedScreen = (id) => shippedScreens().get(id);

/** The shipped side menus (screens/menus/side-menus.json), validated by the build and tests: what a tenant's menus replace. */
export const shippedMenus = sideMenus as unknown as MenuDefinitions;
