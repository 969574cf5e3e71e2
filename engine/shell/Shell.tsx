import { Suspense, useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { frameTexts, guards } from 'virtual:portal-screen-guards';
import { AppShell, Burger, Button, Image, Menu, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useElementSize } from '@mantine/hooks';
import { useNarrowerThan } from '../session/use-narrower-than.ts';
import { FOLDED_BELOW, NAVBAR_WIDTH } from './layout.ts';
import { useText, WithTexts } from '../i18n/use-text.ts';
import type { ScreenRoute } from '../definitions/types.ts';
import GuardGate from '../routing/GuardGate.tsx';
import { routeGuard, screenNamespaces } from '../routing/screen-guard.ts';
import { usePortalNavigate, usePortalPath } from '../routing/navigation.ts';
import { signOut, useSession } from '../session/store.ts';
import { CurrencySwitcher, CustomerSwitcher, LocationSwitcher, MerchantSwitcher } from './AccountSwitchers.tsx';
import { confirmDialog } from './confirm.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import classes from './shell.module.css';
import { SideMenu } from './SideMenu.tsx';
import { useUnsavedChangesPrompt } from './unsaved-changes.ts';

/**
 * A screen of the signed-in frame behind its guard (spec §5), which comes with this chunk, in the
 * frame; the screen waits for its own texts only (issue 25), the frame meanwhile shows `pageLoader`.
 */
export function GuardedShell({ route, pageLoader, children }: { route: ScreenRoute; pageLoader: ReactNode; children: ReactNode }) {
  const overrides = useSession((state) => state.config?.overrides.screens);
  return (
    <GuardGate guard={routeGuard(route, overrides, guards[route.id])}>
      <Shell>
        <Suspense fallback={pageLoader}>
          <WithTexts namespaces={screenNamespaces(route, overrides?.[route.id], frameTexts)}>{children}</WithTexts>
        </Suspense>
      </Shell>
    </GuardGate>
  );
}

/**
 * Below this Mantine breakpoint (75em, 1200 px) the side menu folds behind a menu button, so a
 * 1024 px page gives its tables the whole width (issue 26).
 */
const NAVBAR_BREAKPOINT = 'lg';
/**
 * The header's least height. It grows with its content (shell.module.css: below `md` the
 * account switchers take rows of their own), so a narrow page never clips a select. The page
 * flows below the header as tall as it is (shell.module.css `.frameHeader`); the measured height
 * places the side menu under it.
 */
const HEADER_HEIGHT = 60;
const NAVBAR_ID = 'portal-side-menu';

/**
 * The folded side menu's behaviour: opening it moves the focus to its first entry, Escape closes
 * it and gives the focus back to the menu button, and it closes when the page changes (an entry
 * followed, Back).
 */
function useFoldedMenu() {
  const [opened, { toggle, close }] = useDisclosure();
  const burger = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // Hydrating the server's markup, the width is the one the server rendered for.
  const folded = useNarrowerThan(FOLDED_BELOW);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (an entry followed, Back) is what closes the menu.
  useEffect(() => {
    close();
  }, [pathname, close]);
  useEffect(() => {
    if (opened) navbar.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [opened]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !opened) return;
      close();
      burger.current?.focus();
    },
    [opened, close],
  );
  // Folded away, its entries are off-screen: out of the tab order and the accessibility tree too.
  return { opened, toggle, close, burger, navbar, onKeyDown, hidden: folded && !opened };
}

/** The signed-in frame: header with switchers, language and user menu; side menu per user type. */
export function Shell({ children }: { children: ReactNode }) {
  const menu = useFoldedMenu();
  const header = useElementSize<HTMLDivElement>();
  const { t } = useText();
  const config = useSession((session) => session.config);
  const fullName = useSession((session) => session.self?.full_name ?? '');
  const navigate = usePortalNavigate();
  const portalPath = usePortalPath();
  const confirmLeave = useCallback(() => confirmDialog(t, 'common.unsaved.title', 'common.unsaved.message', 'common.unsaved.discard'), [t]);
  useUnsavedChangesPrompt(confirmLeave);

  return (
    <AppShell
      header={{ height: Math.max(HEADER_HEIGHT, Math.ceil(header.height)) }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !menu.opened } }}
      padding="md"
      classNames={{ header: classes.frameHeader, main: classes.frameMain }}
    >
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <AppShell.Header>
        <div className={classes.header} ref={header.ref}>
          <div className={classes.brand}>
            <Burger
              ref={menu.burger}
              opened={menu.opened}
              onClick={menu.toggle}
              hiddenFrom={NAVBAR_BREAKPOINT}
              size="sm"
              aria-label={t('common.menu.toggle')}
              aria-expanded={menu.opened}
              aria-controls={NAVBAR_ID}
            />
            <a href={portalPath('/')} aria-label={config?.title}>
              {config && <Image src={config.theme.logo} alt="" h={28} w="auto" fit="contain" />}
            </a>
            <VisuallyHidden component="span">{config?.title}</VisuallyHidden>
          </div>
          <div className={classes.switchers}>
            <CustomerSwitcher />
            <LocationSwitcher />
            <CurrencySwitcher />
            <MerchantSwitcher />
            <LanguageMenu />
          </div>
          <div className={classes.session}>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="subtle"
                  size="xs"
                  classNames={{ root: classes.userButton, inner: classes.userInner, label: classes.userInner }}
                  data-testid="user-menu"
                >
                  <span className={classes.userName}>{fullName}</span>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  <Text size="xs">{fullName}</Text>
                </Menu.Label>
                <Menu.Item
                  onClick={async () => {
                    await signOut();
                    navigate('/login');
                  }}
                >
                  {t('common.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </div>
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id={NAVBAR_ID} ref={menu.navbar} onKeyDown={menu.onKeyDown} inert={menu.hidden}>
        <SideMenu onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
