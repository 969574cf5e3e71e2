import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { usePageLoadAnalytics } from './analytics.ts';
import { storedConsent } from './consent.ts';

// Shown until the user chooses, so only a first visit loads it.
const ConsentBanner = lazy(() => import('./ConsentBanner.tsx').then((module) => ({ default: module.ConsentBanner })));

export function RootLayout() {
  usePageLoadAnalytics();
  return (
    <>
      <Outlet />
      {storedConsent() === null && <Suspense fallback={null}><ConsentBanner /></Suspense>}
    </>
  );
}
