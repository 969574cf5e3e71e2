import { readdirSync, readFileSync } from 'node:fs';
import type { GuardDefinition } from '../../domain/route-guards.ts';
import type { ShippedScreen } from '../../domain/tenant-diff.ts';

const SCREENS_DIR = new URL('../../screens/', import.meta.url);

export interface ShippedDefinition {
  id: string;
  title?: string;
  guard?: GuardDefinition;
}

let screens: Map<string, ShippedDefinition> | undefined;

/**
 * The shipped screen definitions (screens/*.json) by id, read on first use and kept: what a
 * tenant's screen overrides patch, for the diff's words and the effective permissions. The
 * definitions are validated by the build and tests.
 */
export function shippedScreens(): ReadonlyMap<string, ShippedDefinition> {
  screens ??= new Map(
    readdirSync(SCREENS_DIR)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(new URL(name, SCREENS_DIR), 'utf8')) as ShippedDefinition)
      .map((definition) => [definition.id, definition]),
  );
  return screens;
}

export const shippedScreen: ShippedScreen = (id) => shippedScreens().get(id);
