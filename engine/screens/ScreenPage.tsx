import { use, useEffect, useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { BindingContext } from '../definitions/bindings.ts';
import type { ScreenRoute } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { useSession } from '../session/store.ts';
import { listNamespaces } from '../widgets/table/list-namespaces.ts';
import { loadScreen } from './load-screen.ts';
import { ScreenContextProvider } from './screen-context.tsx';
import { screenBindings } from './screen-bindings.ts';
import { WidgetTree } from './WidgetTree.tsx';

/** One route: its definition (chunk + tenant override), its binding context, its widgets. */
export function ScreenPage({ route }: { route: ScreenRoute }) {
  const session = useSession((state) => state);
  const overrides = session.config?.overrides.screens;
  const definition = use(useMemo(() => loadScreen(route.id, overrides), [route.id, overrides]));
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const { t } = useText();

  const title = t(definition.title);
  useEffect(() => {
    document.title = session.config ? `${title} · ${session.config.title}` : title;
  }, [title, session.config]);

  const bindings = useMemo<BindingContext>(
    () =>
      screenBindings(session, {
        route: params,
        query: Object.fromEntries(search),
        selection: (location.state as { selection?: unknown[] } | null)?.selection ?? [],
      }),
    [session, params, search, location.state],
  );

  const namespaces = useMemo(() => listNamespaces(definition.body), [definition]);
  const value = useMemo(() => ({ bindings, listNamespaces: namespaces }), [bindings, namespaces]);

  return (
    <ScreenContextProvider value={value}>
      <Stack gap="md" data-screen={definition.id}>
        <WidgetTree nodes={definition.body} />
      </Stack>
    </ScreenContextProvider>
  );
}
