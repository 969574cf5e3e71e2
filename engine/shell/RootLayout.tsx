import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { usePageLoadAnalytics } from './analytics.ts';
import { useConsent } from './consent.ts';

// Shown until the user chooses, so only a first visit loads it.
const ConsentBanner = lazy(() => import('./ConsentBanner.tsx').then((module) => ({ default: module.ConsentBanner })));

export function RootLayout() {
  usePageLoadAnalytics();
  const consent = useConsent();
  return (
    <>
      <Outlet />
      {consent === null && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
    </>
  );
}
