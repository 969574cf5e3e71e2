import { isVisible, type BindingContext } from '../definitions/bindings.ts';
import type { MenuDefinitions, MenuEntry, ScreenRoute } from '../definitions/types.ts';
import { decideGuard, type GuardContext } from '../routing/guards.ts';
import type { UserType } from '../session/types.ts';

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
  menus: MenuDefinitions, kind: keyof MenuDefinitions, screens: readonly ScreenRoute[],
  guard: GuardContext, bindings: BindingContext,
): MenuEntry[] {
  return menus[kind].filter((entry) => {
    const screen = screens.find((candidate) => candidate.id === entry.screen);
    if (!screen) return false;
    const decision = decideGuard(screen.guard, guard);
    if (!decision.allow && decision.reason !== 'customer' && decision.reason !== 'merchant') return false;
    return isVisible(entry, guard.ability, bindings);
  });
}
