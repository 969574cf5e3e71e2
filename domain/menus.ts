import { isVisible, type Conditional } from './visibility.ts';
import { flagBindings, type FeatureFlags } from './flags.ts';
import { showMerchantRollUp } from './merchant-roll-up.ts';
import type { PortalAbility } from './policy.ts';
import { decideGuard, type GuardDefinition, type UserType } from './route-guards.ts';

/** One side-menu entry (screens/menus/side-menus.json). */
export interface MenuEntry extends Conditional {
  id: string;
  label: string;
  path: string;
  icon?: string;
  /** The entry shows only when the route's guard would let the user in. */
  screen?: string;
  flags?: string[];
  /** Following the entry sets the session's payment mode (the payment flow's entry per menu). */
  paymentMode?: 'INDIVIDUAL_ACCOUNT' | 'PROGRAM_OVERVIEW';
}

export type MenuDefinitions = Record<'customer' | 'corporate' | 'merchant' | 'dealer', MenuEntry[]>;

/** An entry of the built menu, as GET /self answers it and the shell renders it. */
export interface MenuItem {
  id: string;
  /** A text key (`common.menu.*`). */
  label: string;
  path: string;
  /** The screen the entry opens (the shell marks the entry current on any of its paths). */
  screen: string;
  icon?: string;
  paymentMode?: MenuEntry['paymentMode'];
}

/** What the menu depends on: who the user is, never which customer or merchant is chosen. */
export interface MenuUser {
  userType: UserType;
  role: string | undefined;
  flags: FeatureFlags;
  ability: PortalAbility;
  customerCount: number;
  merchantCount: number;
}

/** A screen's id and its guard, as the tenant's override of the screen leaves it. */
export interface ScreenGuard {
  id: string;
  guard: GuardDefinition;
}

export { showMerchantRollUp } from './merchant-roll-up.ts';

/** spec §2: side menus exist for customer, dealer, merchant and corporate users. */
export function menuKind(userType: UserType, merchantRollUp: boolean): keyof MenuDefinitions | null {
  switch (userType) {
    case 'customer':
      return 'customer';
    case 'corporate':
      return 'corporate';
    case 'merchant':
      return merchantRollUp ? 'dealer' : 'merchant';
    default:
      return null;
  }
}

/**
 * The bindings a menu entry's `when` may test: the session's counts and the flags. The menu is
 * built once per session by GET /self (spec §7), so nothing that changes within a session
 * (the chosen customer or merchant, the route) is offered.
 */
export function menuBindings(user: Pick<MenuUser, 'customerCount' | 'merchantCount' | 'flags'>) {
  return { session: { customerCount: user.customerCount, merchantCount: user.merchantCount }, flags: flagBindings(user.flags) };
}

/**
 * The side menu of a user (spec §2, §7), the one rule both sides use: the server answers it in
 * GET /self's `menu`, the portal's shell renders that answer. An entry shows when its screen's
 * guard lets the user in (a missing customer or merchant only means a detour through selection,
 * so those entries stay) and its own `can` and `when` hold.
 * @example buildMenu(menus, guards, { userType: 'customer', role: 'Payer', flags, ability, customerCount: 1, merchantCount: 0 })
 */
export function buildMenu(menus: MenuDefinitions, screens: readonly ScreenGuard[], user: MenuUser): MenuItem[] {
  const kind = menuKind(user.userType, showMerchantRollUp(user.userType, user.merchantCount));
  if (!kind) return [];
  const guards = new Map(screens.map((screen) => [screen.id, screen.guard]));
  // The selection detours count as allowed: the menu does not change with the chosen customer.
  const context = {
    authenticated: true,
    userType: user.userType,
    role: user.role,
    flags: user.flags,
    ability: user.ability,
    hasCustomer: true,
    hasMerchant: true,
  };
  const bindings = menuBindings(user);
  return menus[kind].flatMap((entry) => {
    const guard = entry.screen === undefined ? undefined : guards.get(entry.screen);
    if (!guard || !decideGuard(guard, context).allow || !isVisible(entry, user.ability, bindings)) return [];
    const { id, label, path, icon, paymentMode } = entry;
    return [{ id, label, path, screen: entry.screen!, ...(icon ? { icon } : {}), ...(paymentMode ? { paymentMode } : {}) }];
  });
}
