import { useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from 'virtual:portal-screens';
import type { Texts } from '../i18n/i18next-texts.ts';
import { TextsProvider } from '../i18n/use-text.ts';
import { AbilityProvider } from '../policy/AbilityProvider.tsx';
import { buildRoutes } from '../routing/build-routes.tsx';
import { useSession } from '../session/store.ts';
import { OverlayHost } from './OverlayHost.tsx';
import { contrastVariables, themeFor } from './theme.ts';

export function App({ texts }: { texts: Texts }) {
  const config = useSession((session) => session.config);
  const router = useMemo(() => createBrowserRouter(buildRoutes(routes, config!.prefixes)), [config]);
  const theme = useMemo(() => themeFor(config), [config]);
  return (
    <TextsProvider texts={texts}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables} defaultColorScheme={config?.theme.colorScheme ?? 'light'}>
        {/* The user's ability for every screen, the sign-in pages' (which may do nothing) too. */}
        <AbilityProvider><RouterProvider router={router} /></AbilityProvider>
        <OverlayHost />
      </MantineProvider>
    </TextsProvider>
  );
}
