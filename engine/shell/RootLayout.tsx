import { Outlet } from 'react-router';
import { ConsentBanner } from './ConsentBanner.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ConsentBanner />
    </>
  );
}
