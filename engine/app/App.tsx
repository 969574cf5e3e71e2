import { useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from 'virtual:portal-screens';
import type { Texts } from '../i18n/texts.ts';
import { TextsProvider } from '../i18n/use-text.ts';
import { buildRoutes } from '../routing/build-routes.tsx';
import { useSession } from '../session/store.ts';
import { OverlayHost } from './OverlayHost.tsx';
import { contrastVariables, themeFor } from './theme.ts';

/** The portal: texts, the data layer's one QueryClient (data/queries.ts), the UI kit and the router. */
export function App({ texts, queryClient }: { texts: Texts; queryClient: QueryClient }) {
  const config = useSession((session) => session.config);
  const router = useMemo(() => createBrowserRouter(buildRoutes(routes, config!.prefixes)), [config]);
  const theme = useMemo(() => themeFor(config), [config]);
  return (
    <QueryClientProvider client={queryClient}>
    <TextsProvider texts={texts}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables} defaultColorScheme={config?.theme.colorScheme ?? 'light'}>
        <RouterProvider router={router} />
        <OverlayHost />
      </MantineProvider>
    </TextsProvider>
    </QueryClientProvider>
  );
}
