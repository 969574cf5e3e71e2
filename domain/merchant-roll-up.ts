import type { UserType } from './route-guards.ts';

/**
 * spec §4: the merchant roll-up view shows only when the user is not corporate and has more than
 * one merchant. Apart from domain/menus.ts, which the session store would otherwise pull into
 * every page's entry with the menu rules.
 */
export function showMerchantRollUp(userType: UserType, merchantCount: number): boolean {
  return userType !== 'corporate' && merchantCount > 1;
}
