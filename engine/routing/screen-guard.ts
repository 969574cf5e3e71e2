import { textNamespaces } from 'virtual:portal-screens';
import type { ScreenRoute } from '../definitions/types.ts';
import { NAMESPACES } from '../i18n/i18n.ts';
import { namespacesIn } from '../i18n/namespaces.ts';
import type { SessionState } from '../session/types.ts';
import type { PortalAbility } from '../../domain/policy.ts';
import { guardWithOverride } from '../../domain/guard-paths.ts';
import type { GuardContext } from '../../domain/route-guards.ts';

/*
 * What a screen's guard and texts are, apart from the component that applies them
 * (GuardedScreen.tsx): the guard gate, the signed-in frame and link access read them too, and
 * GuardedScreen loads the first two lazily, so they importing it would close import cycles.
 */

/** The guard's view of the session, with the user's ability (usePortalAbility). */
export function guardContextOf(session: SessionState, ability: PortalAbility): GuardContext {
  return {
    authenticated: session.self?.session_data.logged_in === true,
    userType: session.userType,
    role: session.self?.role,
    flags: session.flags,
    ability,
    hasCustomer: session.selectedCustomer !== null,
    hasMerchant: session.selectedMerchant !== null,
  };
}

/**
 * The route's guard as the tenant's override of its screen (by screen id) leaves it, as /self's
 * menu sees it. `guard` is the route's own unless given (the frame's screens: shell/Shell.tsx).
 */
export function routeGuard(route: ScreenRoute, overrides: Record<string, object> | undefined, guard = route.guard ?? {}) {
  return guardWithOverride(guard, overrides?.[route.id]);
}

/**
 * The locale namespaces a screen waits for: those its definition (and the tenant's override of
 * it) names. A screen in the signed-in frame takes the frame's list for it (`frame`: the frame's
 * chunk holds it, i18n/screen-texts.ts), every namespace without one.
 */
export function screenNamespaces(
  route: ScreenRoute,
  override: object | undefined,
  frame?: Record<string, readonly string[]>,
): readonly string[] {
  const named = route.layout === 'shell' ? (frame?.[route.id] ?? NAMESPACES) : (textNamespaces[route.id] ?? []);
  return override ? [...new Set([...named, ...namespacesIn(override, NAMESPACES)])] : named;
}
