import { useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from 'virtual:portal-screens';
import { buildRoutes } from '../routing/build-routes.tsx';
import { useSession } from '../session/store.ts';
import { OverlayHost } from './OverlayHost.tsx';
import { contrastVariables, themeFor } from './theme.ts';

export function App({ i18n }: { i18n: I18n }) {
  const config = useSession((session) => session.config);
  const router = useMemo(() => createBrowserRouter(buildRoutes(routes, config!.prefixes)), [config]);
  const theme = useMemo(() => themeFor(config), [config]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables} defaultColorScheme={config?.theme.colorScheme ?? 'light'}>
        <RouterProvider router={router} />
        <OverlayHost />
      </MantineProvider>
    </I18nextProvider>
  );
}
