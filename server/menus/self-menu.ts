import { readdirSync, readFileSync } from 'node:fs';
import { flagBindings } from '../../domain/flags.ts';
import { menuKind, showMerchantRollUp, visibleMenu, type MenuDefinitions } from '../../domain/menus.ts';
import type { PortalAbility } from '../../domain/policy.ts';
import { guardWithOverride, type GuardDefinition, type UserType } from '../../domain/route-guards.ts';
import type { Tenant } from '../../domain/tenant.ts';
import menus from '../../screens/menus/side-menus.json' with { type: 'json' };

interface ScreenGuard { id: string; guard: GuardDefinition }

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

export interface MenuItem { id: string; label: string; path: string; icon?: string; paymentMode?: string }

export interface MenuUser {
  userType: UserType; role: string; ability: PortalAbility;
  customerCount: number; merchantCount: number; hasCustomer: boolean; hasMerchant: boolean;
}

/**
 * /self's `menu` (spec §7): the side-menu entries this user may use, decided by the same
 * domain rules the portal's shell applies (domain/menus.ts, domain/route-guards.ts).
 */
export function selfMenu(tenant: Tenant, user: MenuUser): MenuItem[] {
  const kind = menuKind(user.userType, showMerchantRollUp(user.userType, user.merchantCount));
  if (!kind) return [];
  const context = {
    authenticated: true, userType: user.userType, role: user.role, flags: tenant.flags,
    ability: user.ability, hasCustomer: user.hasCustomer, hasMerchant: user.hasMerchant,
  };
  const bindings = { session: { customerCount: user.customerCount, merchantCount: user.merchantCount }, flags: flagBindings(tenant.flags) };
  return visibleMenu(menus as unknown as MenuDefinitions, kind, tenantGuards(tenant), context, bindings)
    .map(({ id, label, path, icon, paymentMode }) => ({ id, label, path, ...(icon ? { icon } : {}), ...(paymentMode ? { paymentMode } : {}) }));
}
