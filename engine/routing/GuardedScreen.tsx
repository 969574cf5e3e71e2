import { Suspense, type ReactNode } from 'react';
import { lazyChunk } from '../runtime/chunk-timeout.ts';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import type { ScreenRoute } from '../definitions/types.ts';
import { useText, WithTexts } from '../i18n/use-text.ts';
import { loadScreen } from '../screens/load-screen.ts';
import { ScreenPage } from '../screens/ScreenPage.tsx';
import { PublicLayout } from '../shell/PublicLayout.tsx';
import { useSession } from '../session/store.ts';
import { signInPath } from '../../domain/return-path.ts';
import { usePortalPath } from './navigation.ts';
import { routeGuard, screenNamespaces } from './screen-guard.ts';

// The signed-in frame (menus, switchers, and its screens' guards) is its own chunk: sign-in pages never load it.
const GuardGate = lazyChunk(() => import('./GuardGate.tsx'));
const GuardedShell = lazyChunk(() => import('../shell/Shell.tsx').then((module) => ({ default: module.GuardedShell })));

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
