import { use, useCallback, useEffect, useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { flagBindings } from '../../domain/flags.ts';
import type { BindingContext } from '../definitions/bindings.ts';
import type { ScreenRoute } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { useSession } from '../session/store.ts';
import type { SessionState } from '../session/types.ts';
import { loadScreen } from './load-screen.ts';
import { ScreenContextProvider } from './screen-context.tsx';
import { WidgetTree } from './WidgetTree.tsx';

function sessionBindings(session: SessionState): Record<string, unknown> {
  return {
    ...session.self,
    logged_in: session.self?.session_data.logged_in ?? false,
    role: session.self?.role ?? null,
    userType: session.userType,
    selectedCurrency: session.selectedCurrency,
    paymentMode: session.paymentMode,
    loyaltyPrograms: session.loyaltyPrograms,
    loyaltyError: session.loyaltyError,
    merchantRollUp: session.merchantRollUp,
    customerCount: session.self?.customers?.length ?? 0,
    // The program overview lists over all of them: filter[buid_customer]={session.customerIds}.
    customerIds: session.self?.customers?.map((customer) => customer.id) ?? [],
  };
}

/** One route: its definition (chunk + tenant override), its binding context, its widgets. */
export function ScreenPage({ route }: { route: ScreenRoute }) {
  const session = useSession((state) => state);
  const overrides = session.config?.overrides.screens;
  const definition = use(useMemo(() => loadScreen(route.id, overrides), [route.id, overrides]));
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const { t } = useText();
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = useCallback(() => setRefreshKey((key) => key + 1), []);

  const title = t(definition.title);
  useEffect(() => {
    document.title = session.config ? `${title} · ${session.config.title}` : title;
  }, [title, session.config]);

  const bindings = useMemo<BindingContext>(() => ({
    session: sessionBindings(session),
    customer: session.selectedCustomer as Record<string, unknown> | null,
    merchant: session.selectedMerchant as Record<string, unknown> | null,
    route: params,
    query: Object.fromEntries(search),
    selection: ((location.state as { selection?: unknown[] } | null)?.selection) ?? [],
    tenant: (session.config ?? {}) as unknown as Record<string, unknown>,
    flags: flagBindings(session.flags),
  }), [session, params, search, location.state]);

  const value = useMemo(() => ({ bindings, refreshKey, refresh }), [bindings, refreshKey, refresh]);

  return (
    <ScreenContextProvider value={value}>
      <Stack gap="md" data-screen={definition.id}>
        <WidgetTree nodes={definition.body} />
      </Stack>
    </ScreenContextProvider>
  );
}
