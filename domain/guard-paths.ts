/**
 * The parts of the route guards every page needs before the signed-in frame loads: where a
 * refusal sends the user, and a screen's guard under the tenant's override. Apart from
 * route-guards.ts, whose decision comes with the frame's chunk (the /login budget).
 */
import { mergePatch } from '../common/merge-patch.ts';
import type { GuardDefinition } from './route-guards.ts';

/**
 * A screen's guard as the tenant's override of the screen (JSON Merge Patch, `overrides.screens`)
 * leaves it: the portal guards its routes and the server builds /self's menu with the same one.
 */
export function guardWithOverride(guard: GuardDefinition, override: unknown): GuardDefinition {
  const patch = override !== null && typeof override === 'object' ? (override as { guard?: unknown }).guard : undefined;
  return patch === undefined ? guard : mergePatch(guard, patch);
}

export const LOGIN_PATH = '/login';
/** spec §2: routes that need a customer go to the customer selection screen. */
export const CUSTOMER_SELECT_PATH = '/account/customers';
/** spec §2: routes that need a merchant go to the legacy merchant-select page. */
export const MERCHANT_SELECT_PATH = '/cgi-bin/merchant-select';
