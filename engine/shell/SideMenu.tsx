import { NavLink, ScrollArea } from '@mantine/core';
import { matchPath, useLocation } from 'react-router';
import { Link } from '../routing/Link.tsx';
import { routes } from 'virtual:portal-screens';
import { useText } from '../i18n/use-text.ts';
import { usePortalPath, withoutPrefix } from '../routing/navigation.ts';
import { setPaymentMode, useSession } from '../session/store.ts';
import { menuKind } from '../../domain/menus.ts';

/**
 * The side menu GET /self answered (spec §7; built by domain/menus.ts buildMenu, the one rule):
 * the shell renders it as it is, deciding nothing about which entries show.
 */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const menu = useSession((state) => state.self?.menu);
  const prefixes = useSession((state) => state.config?.prefixes);
  const kind = useSession((state) => menuKind(state.userType, state.merchantRollUp));
  const { t } = useText();
  const location = useLocation();
  const portalPath = usePortalPath();
  if (!menu?.length || !prefixes) return null;
  const current = withoutPrefix(location.pathname, [prefixes.configured, prefixes.fleetChargeBeta, prefixes.prod]);
  return (
    <ScrollArea component="nav" aria-label={t('common.menu.label')} data-menu={kind ?? undefined}>
      {menu.map((entry) => {
        // An entry is current on its own path, below it (a user's edit page under Users), or anywhere
        // its screen's pattern matches (all invoice tabs).
        const pattern = routes.find((route) => route.id === entry.screen)?.path;
        const active =
          current === entry.path ||
          current.startsWith(`${entry.path}/`) ||
          (pattern !== undefined && pattern.includes(':') && matchPath(pattern, current) !== null);
        return (
          <NavLink
            key={entry.id}
            component={Link}
            to={portalPath(entry.path)}
            label={t(entry.label)}
            active={active}
            aria-current={active ? 'page' : undefined}
            data-menu-entry={entry.id}
            onClick={() => {
              if (entry.paymentMode) setPaymentMode(entry.paymentMode);
              onNavigate();
            }}
          />
        );
      })}
    </ScrollArea>
  );
}
