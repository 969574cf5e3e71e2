import { Suspense, type ReactNode } from 'react';
import { lazyChunk } from '../runtime/chunk-timeout.ts';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { textNamespaces } from 'virtual:portal-screens';
import type { ScreenRoute } from '../definitions/types.ts';
import { NAMESPACES } from '../i18n/i18n.ts';
import { namespacesIn } from '../i18n/namespaces.ts';
import { useText, WithTexts } from '../i18n/use-text.ts';
import { loadScreen } from '../screens/load-screen.ts';
import { ScreenPage } from '../screens/ScreenPage.tsx';
import { PublicLayout } from '../shell/PublicLayout.tsx';
import { useSession } from '../session/store.ts';
import type { SessionState } from '../session/types.ts';
import type { PortalAbility } from '../../domain/policy.ts';
import { guardWithOverride } from '../../domain/guard-paths.ts';
import { signInPath } from '../../domain/return-path.ts';
import type { GuardContext } from '../../domain/route-guards.ts';
import { usePortalPath } from './navigation.ts';

// The signed-in frame (menus, switchers, and its screens' guards) is its own chunk: sign-in pages never load it.
const GuardGate = lazyChunk(() => import('./GuardGate.tsx'));
const GuardedShell = lazyChunk(() => import('../shell/Shell.tsx').then((module) => ({ default: module.GuardedShell })));

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

/**
 * Applies the route's guard (spec §5), then renders the screen in its layout. Signing in is
 * checked here; the rest of a guard comes with the signed-in frame's chunk (GuardedShell) or,
 * for a page outside it that a tenant guards, with GuardGate: the sign-in pages carry neither.
 */
export function GuardedScreen({ route }: { route: ScreenRoute }) {
  const session = useSession((state) => state);
  const location = useLocation();
  const { t } = useText();
  const portalPath = usePortalPath();
  const overrides = session.config?.overrides.screens;
  // The tenant may tighten or loosen a screen's guard without a rebuild.
  const guard = routeGuard(route, overrides);
  if (!guard.public && session.self?.session_data.logged_in !== true) {
    // The redirect keeps the prefix the user came in with (spec §2), the page to come back to
    // after signing in, and why, when the session ran out (issue 26 defect 3).
    const to = signInPath(location.pathname + location.search + location.hash, session.sessionExpired ? 'sessionExpired' : null);
    return <Navigate to={portalPath(to)} replace />;
  }
  // The definition's chunk loads while the texts do (ScreenPage reads the same cached promise
  // and shows its failure); caught here only so it is never an unhandled rejection.
  loadScreen(route.id, overrides).catch(() => undefined);
  const pageLoader = (
    <Center p="xl" role="status" aria-label={t('common.loading')}>
      <Loader aria-hidden />
    </Center>
  );
  // Keyed by screen: going to another screen starts its widgets afresh, so a form never carries
  // its values or its errors over to the next screen's form (issue 13: after a password reset
  // the sign-in form showed the new password and "Username is required").
  const screen = <ScreenPage key={route.id} route={route} />;
  // The frame waits for its screen's texts itself: it holds their list (GuardedShell).
  if (route.layout === 'shell')
    return (
      <Suspense fallback={pageLoader}>
        <GuardedShell route={route} pageLoader={pageLoader}>
          {screen}
        </GuardedShell>
      </Suspense>
    );
  const page: ReactNode = (
    <Suspense fallback={pageLoader}>
      <WithTexts namespaces={screenNamespaces(route, overrides?.[route.id])}>{screen}</WithTexts>
    </Suspense>
  );
  const laidOut = route.layout === 'public' ? <PublicLayout>{page}</PublicLayout> : page;
  if (guard.public) return laidOut;
  return (
    <Suspense fallback={pageLoader}>
      <GuardGate guard={guard}>{laidOut}</GuardGate>
    </Suspense>
  );
}
