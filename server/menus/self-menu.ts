import { readdirSync, readFileSync } from 'node:fs';
import { withMenuOverrides } from '../../domain/menu-overrides.ts';
import { buildMenu, type MenuDefinitions, type MenuItem, type MenuUser, type ScreenGuard } from '../../domain/menus.ts';
import { guardWithOverride } from '../../domain/route-guards.ts';
import type { Tenant } from '../../domain/tenant.ts';
import menus from '../../screens/menus/side-menus.json' with { type: 'json' };

const SCREENS_DIR = new URL('../../screens/', import.meta.url);

/** Every screen's id and guard, read once; the definitions are validated by the build and tests. */
const baseGuards: ScreenGuard[] = readdirSync(SCREENS_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(new URL(name, SCREENS_DIR), 'utf8')) as ScreenGuard)
  .map(({ id, guard }) => ({ id, guard }));

const guardsByTenant = new WeakMap<Tenant, ScreenGuard[]>();

/** The guards as the tenant's screen overrides (JSON Merge Patch) leave them, as the portal sees them. */
function tenantGuards(tenant: Tenant): ScreenGuard[] {
  let guards = guardsByTenant.get(tenant);
  if (!guards) {
    const overrides = tenant.overrides?.screens ?? {};
    guards = baseGuards.map((screen) => ({ id: screen.id, guard: guardWithOverride(screen.guard, overrides[screen.id]) }));
    guardsByTenant.set(tenant, guards);
  }
  return guards;
}

export type { MenuItem };

/**
 * /self's `menu` (spec §7): the side-menu entries this user may use, by the one rule
 * (domain/menus.ts buildMenu) over the tenant's menus and screens; the portal renders this answer.
 */
export function selfMenu(tenant: Tenant, user: Omit<MenuUser, 'flags'>): MenuItem[] {
  const tenantMenus = withMenuOverrides(menus as unknown as MenuDefinitions, tenant.overrides?.menus);
  return buildMenu(tenantMenus, tenantGuards(tenant), { ...user, flags: tenant.flags });
}
