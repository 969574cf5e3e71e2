import { NavLink, ScrollArea } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import { guards } from 'virtual:portal-screen-guards';
import { routes } from 'virtual:portal-screens';
import menus from '../../screens/menus/side-menus.json';
import type { MenuDefinitions } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { usePortalAbility } from '../policy/AbilityProvider.tsx';
import { guardContextOf } from '../routing/GuardedScreen.tsx';
import { usePortalPath, withoutPrefix } from '../routing/navigation.ts';
import { setPaymentMode, useSession } from '../session/store.ts';
import { menuKind, visibleMenu } from '../../domain/menus.ts';

/** Every screen with its guard (the router's table has only the sign-in pages'). */
const screenGuards = Object.entries(guards).map(([id, guard]) => ({ id, guard }));

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession((state) => state);
  const ability = usePortalAbility();
  const { t } = useText();
  const location = useLocation();
  const portalPath = usePortalPath();
  const kind = menuKind(session.userType, session.merchantRollUp);
  if (!kind || !session.config) return null;
  const { configured, fleetChargeBeta, prod } = session.config.prefixes;
  const current = withoutPrefix(location.pathname, [configured, fleetChargeBeta, prod]);
  const entries = visibleMenu(menus as unknown as MenuDefinitions, kind, screenGuards, guardContextOf(session, ability), {
    session: { ...session.self, customerCount: session.self?.customers?.length ?? 0 },
    customer: session.selectedCustomer as Record<string, unknown> | null,
    merchant: session.selectedMerchant as Record<string, unknown> | null,
    route: {}, query: {}, selection: [], tenant: {},
  });
  return (
    <ScrollArea component="nav" aria-label={t('common.menu.label')} data-menu={kind}>
      {entries.map((entry) => {
        // An entry is current on its own path, below it (a user's edit page under Users), or anywhere
        // its screen's pattern matches (all invoice tabs).
        const pattern = routes.find((route) => route.id === entry.screen)?.path;
        const active = current === entry.path || current.startsWith(`${entry.path}/`)
          || (pattern !== undefined && pattern.includes(':') && matchPath(pattern, current) !== null);
        return (
          <NavLink key={entry.id} component={Link} to={portalPath(entry.path)} label={t(entry.label)}
            active={active} aria-current={active ? 'page' : undefined} data-menu-entry={entry.id}
            onClick={() => { if (entry.paymentMode) setPaymentMode(entry.paymentMode); onNavigate(); }} />
        );
      })}
    </ScrollArea>
  );
}
