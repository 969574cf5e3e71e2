import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { textNamespaces } from 'virtual:portal-screens';
import type { ScreenRoute } from '../definitions/types.ts';
import { NAMESPACES } from '../i18n/i18n.ts';
import { namespacesIn } from '../i18n/namespaces.ts';
import { useText, WithTexts } from '../i18n/use-text.ts';
import { usePortalAbility } from '../policy/AbilityProvider.tsx';
import { loadScreen } from '../screens/load-screen.ts';
import { ScreenPage } from '../screens/ScreenPage.tsx';
import { PublicLayout } from '../shell/PublicLayout.tsx';
import { useSession } from '../session/store.ts';
import type { SessionState } from '../session/types.ts';
import type { PortalAbility } from '../../domain/policy.ts';
import { decideGuard, guardWithOverride, type GuardContext } from '../../domain/route-guards.ts';
import { usePortalPath } from './navigation.ts';

// The signed-in frame (menus, switchers) is its own chunk: sign-in pages never load it.
const Shell = lazy(() => import('../shell/Shell.tsx').then((module) => ({ default: module.Shell })));

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

/** The route's guard as the tenant's override of its screen (by screen id) leaves it, as /self's menu sees it. */
export function routeGuard(route: ScreenRoute, overrides: Record<string, object> | undefined) {
  return guardWithOverride(route.guard, overrides?.[route.id]);
}

/**
 * The locale namespaces a screen waits for: those its definition (and the tenant's override of
 * it) names. Screens in the signed-in frame take every namespace, as their tables, plugins and
 * actions use any of them; the sign-in pages load only what they show.
 */
export function screenNamespaces(route: ScreenRoute, override: object | undefined): readonly string[] {
  if (route.layout === 'shell') return NAMESPACES;
  const named = textNamespaces[route.id] ?? [];
  return override ? [...new Set([...named, ...namespacesIn(override, NAMESPACES)])] : named;
}

/** Applies the route's guard (spec §5), then renders the screen in its layout. */
export function GuardedScreen({ route }: { route: ScreenRoute }) {
  const session = useSession((state) => state);
  const ability = usePortalAbility();
  const location = useLocation();
  const { t } = useText();
  const portalPath = usePortalPath();
  const overrides = session.config?.overrides.screens;
  // The tenant may tighten or loosen a screen's guard without a rebuild.
  const decision = decideGuard(routeGuard(route, overrides), guardContextOf(session, ability));
  if (!decision.allow) {
    // The redirect keeps the prefix the user came in with (spec §2).
    return <Navigate to={portalPath(decision.redirect)} replace state={{ from: location.pathname + location.search, reason: decision.reason }} />;
  }
  // The definition's chunk loads while the texts do (ScreenPage reads the same cached promise
  // and shows its failure); caught here only so it is never an unhandled rejection.
  loadScreen(route.id, overrides).catch(() => undefined);
  const pageLoader = <Center p="xl" role="status" aria-label={t('common.loading')}><Loader aria-hidden /></Center>;
  const page: ReactNode = (
    <Suspense fallback={pageLoader}>
      {/* Keyed by screen: going to another screen starts its widgets afresh, so a form never
          carries its values or its errors over to the next screen's form (issue 13: after a
          password reset the sign-in form showed the new password and "Username is required"). */}
      <WithTexts namespaces={screenNamespaces(route, overrides?.[route.id])}><ScreenPage key={route.id} route={route} /></WithTexts>
    </Suspense>
  );
  switch (route.layout) {
    case 'shell': return <Suspense fallback={pageLoader}><Shell>{page}</Shell></Suspense>;
    case 'public': return <PublicLayout>{page}</PublicLayout>;
    case 'bare': return page;
  }
}
