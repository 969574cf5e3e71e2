import { type ReactNode, useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { createBrowserRouter } from 'react-router';
import { routes } from 'virtual:portal-screens';
import { DataLayerProvider } from '../engine/data/data-layer.tsx';
import type { Texts } from '../engine/i18n/i18next-texts.ts';
import { TextsProvider } from '../engine/i18n/use-text.ts';
import { AbilityProvider } from '../engine/policy/AbilityProvider.tsx';
import { buildRoutes } from '../engine/routing/build-routes.tsx';
import { screenLoader } from '../engine/routing/screen-loader.ts';
import { useSession } from '../engine/session/store.ts';
import { tenantVersionChanged } from '../engine/session/tenant-version.ts';
import { withPreviewSide } from '../engine/session/preview-side.ts';
import { HydrationRegion } from '../engine/session/HydrationRegion.tsx';
import type { PortalConfig, SessionState } from '../engine/session/types.ts';
import { pageStyleNonce } from '../engine/runtime/csp-nonce.ts';
import { OverlayHost } from './OverlayHost.tsx';
import { useRememberedPageTextScale } from './page-text-scale.ts';
import { contrastVariables, themeFor } from '../engine/theme/theme.ts';

export type PortalRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The data router of every screen under every prefix. Creating it matches the URL and runs the
 * route's loader, which starts the screen's reads (routing/screen-loader.ts), so the boot creates
 * it as soon as configuration and /self are in, before the rest of the session and the texts.
 * `session` resolves the loaders' bindings (the boot's view of the session, then the store's);
 * `started()` resolves when the matched route's reads are on their way.
 */
export function createPortalRouter(
  prefixes: PortalConfig['prefixes'],
  session: () => Promise<SessionState>,
): { router: PortalRouter; started(): Promise<void> } {
  const loader = screenLoader(session);
  const router = createBrowserRouter(buildRoutes(routes, prefixes, loader.loaderFor));
  // Configuration, texts and policy are the boot's: once the tenant changed, the next navigation is
  // a page load, on the same preview side in a preview frame (issue 24).
  router.subscribe((state) => {
    if (state.navigation.state === 'loading' && tenantVersionChanged())
      window.location.assign(withPreviewSide(router.createHref(state.navigation.location)));
  });
  return { router, started: loader.started };
}

/**
 * The portal: texts, the data layer's one QueryClient (signed in: data/data-layer.tsx), the UI kit
 * and the router: `routing` is the browser's RouterProvider, or the server render's
 * StaticRouterProvider (app/entry-server.tsx), which renders the same tree.
 */
export function App({ texts, routing }: { texts: Texts; routing: ReactNode }) {
  const config = useSession((session) => session.config);
  const theme = useMemo(() => themeFor(config), [config]);
  // Mantine's style elements carry the page's CSP nonce (server/http/security-headers.ts).
  const styleNonce = useMemo(pageStyleNonce, []);
  useRememberedPageTextScale();
  return (
    <DataLayerProvider>
      <TextsProvider texts={texts}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={contrastVariables}
          defaultColorScheme={config?.theme.colorScheme ?? 'light'}
          {...(styleNonce ? { getStyleNonce: () => styleNonce } : {})}
        >
          {/* The user's ability for every screen, the sign-in pages' (which may do nothing) too. */}
          <AbilityProvider>
            <HydrationRegion>{routing}</HydrationRegion>
          </AbilityProvider>
          <OverlayHost />
        </MantineProvider>
      </TextsProvider>
    </DataLayerProvider>
  );
}
