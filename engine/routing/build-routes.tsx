import type { LoaderFunction, RouteObject } from 'react-router';
import type { ScreenRoute } from '../definitions/types.ts';
import type { PortalConfig } from '../session/types.ts';
import { ErrorPage } from '../shell/ErrorPage.tsx';
import { RootLayout } from '../shell/RootLayout.tsx';
import { GuardedScreen } from './GuardedScreen.tsx';

/** spec §2: every path also works under the two alternate prefixes, and under the configured one. */
export function routePrefixes(prefixes: PortalConfig['prefixes']): string[] {
  return [...new Set(['', prefixes.configured, prefixes.fleetChargeBeta, prefixes.prod])];
}

export function joinPath(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * The router's table from the screen manifest: each screen under each prefix, the
 * not-found screen for /Error404 and every unmatched path, and the error page for render errors.
 * `loaderFor` gives each screen's route its loader (routing/screen-loader.ts).
 */
export function buildRoutes(
  screens: readonly ScreenRoute[],
  prefixes: PortalConfig['prefixes'],
  loaderFor?: (screen: ScreenRoute) => LoaderFunction,
): RouteObject[] {
  const notFound = screens.find((screen) => screen.id === 'not-found');
  if (!notFound) throw new Error('The not-found screen is missing');
  const route = (path: string, screen: ScreenRoute): RouteObject => ({
    path,
    element: <GuardedScreen route={screen} />,
    ...(loaderFor ? { loader: loaderFor(screen) } : {}),
  });
  const children: RouteObject[] = routePrefixes(prefixes).flatMap((prefix) =>
    screens.map((screen) => route(joinPath(prefix, screen.path), screen)),
  );
  children.push({ path: '*', element: <GuardedScreen route={notFound} /> });
  return [{ element: <RootLayout />, errorElement: <ErrorPage />, children: [{ errorElement: <ErrorPage />, children }] }];
}
