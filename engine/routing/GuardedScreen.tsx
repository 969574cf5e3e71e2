import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import type { ScreenRoute } from '../definitions/types.ts';
import { abilityFor } from '../policy/ability.ts';
import { ScreenPage } from '../screens/ScreenPage.tsx';
import { PublicLayout } from '../shell/PublicLayout.tsx';

// The signed-in frame (menus, switchers) is its own chunk: sign-in pages never load it.
const Shell = lazy(() => import('../shell/Shell.tsx').then((module) => ({ default: module.Shell })));
import { useSession } from '../session/store.ts';
import type { SessionState } from '../session/types.ts';
import { decideGuard, type GuardContext } from '../../domain/route-guards.ts';
import { useText } from '../i18n/use-text.ts';
import { withPrefix } from './navigation.ts';

export function guardContextOf(session: SessionState): GuardContext {
  return {
    authenticated: session.self?.session_data.logged_in === true,
    userType: session.userType,
    role: session.self?.role,
    flags: session.flags,
    ability: abilityFor(session),
    hasCustomer: session.selectedCustomer !== null,
    hasMerchant: session.selectedMerchant !== null,
  };
}


/** Applies the route's guard (spec §5), then renders the screen in its layout. */
export function GuardedScreen({ route }: { route: ScreenRoute }) {
  const session = useSession((state) => state);
  const location = useLocation();
  const { t } = useText();
  const decision = decideGuard(route.guard, guardContextOf(session));
  if (!decision.allow) {
    const target = withPrefix(decision.redirect, session.config?.prefixes.configured ?? '');
    return <Navigate to={target} replace state={{ from: location.pathname + location.search, reason: decision.reason }} />;
  }
  const pageLoader = <Center p="xl" role="status" aria-label={t('common.loading')}><Loader aria-hidden /></Center>;
  const page: ReactNode = <Suspense fallback={pageLoader}><ScreenPage route={route} /></Suspense>;
  switch (route.layout) {
    case 'shell': return <Suspense fallback={pageLoader}><Shell>{page}</Shell></Suspense>;
    case 'public': return <PublicLayout>{page}</PublicLayout>;
    case 'bare': return page;
  }
}
