import { isVisible, type Conditional } from './conditions.ts';
import { decideGuard, type GuardContext, type GuardDefinition, type UserType } from './route-guards.ts';

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

export { showMerchantRollUp } from './merchant-roll-up.ts';

/** spec §2: side menus exist for customer, dealer, merchant and corporate users. */
export function menuKind(userType: UserType, merchantRollUp: boolean): keyof MenuDefinitions | null {
  switch (userType) {
    case 'customer': return 'customer';
    case 'corporate': return 'corporate';
    case 'merchant': return merchantRollUp ? 'dealer' : 'merchant';
    default: return null;
  }
}

/**
 * The entries a user may use: the screen's guard must let them in (a missing customer or
 * merchant only means a detour through selection, so those entries stay) and the entry's
 * own condition must hold.
 */
export function visibleMenu(
  menus: MenuDefinitions, kind: keyof MenuDefinitions,
  screens: ReadonlyArray<{ id: string; guard: GuardDefinition }>, guard: GuardContext, bindings: object,
): MenuEntry[] {
  return menus[kind].filter((entry) => {
    const screen = screens.find((candidate) => candidate.id === entry.screen);
    if (!screen) return false;
    const decision = decideGuard(screen.guard, guard);
    if (!decision.allow && decision.reason !== 'customer' && decision.reason !== 'merchant') return false;
    return isVisible(entry, guard.ability, bindings);
  });
}
