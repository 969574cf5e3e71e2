import { Outlet } from 'react-router';
import { usePageLoadAnalytics } from './analytics.ts';
import { ConsentBanner } from './ConsentBanner.tsx';

export function RootLayout() {
  usePageLoadAnalytics();
  return (
    <>
      <Outlet />
      <ConsentBanner />
    </>
  );
}
