import { Suspense, useCallback, type ReactNode } from 'react';
import { frameTexts, guards } from 'virtual:portal-screen-guards';
import { AppShell, Burger, Button, Group, Image, Menu, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useText, WithTexts } from '../i18n/use-text.ts';
import type { ScreenRoute } from '../definitions/types.ts';
import GuardGate from '../routing/GuardGate.tsx';
import { routeGuard, screenNamespaces } from '../routing/GuardedScreen.tsx';
import { usePortalNavigate, usePortalPath } from '../routing/navigation.ts';
import { signOut, useSession } from '../session/store.ts';
import { CurrencySwitcher, CustomerSwitcher, LocationSwitcher, MerchantSwitcher } from './AccountSwitchers.tsx';
import { confirmDialog } from './confirm.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
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

/** The signed-in frame: header with switchers, language and user menu; side menu per user type. */
export function Shell({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { t } = useText();
  const config = useSession((session) => session.config);
  const fullName = useSession((session) => session.self?.full_name ?? '');
  const navigate = usePortalNavigate();
  const portalPath = usePortalPath();
  const confirmLeave = useCallback(() => confirmDialog(t, 'common.unsaved.title', 'common.unsaved.message', 'common.unsaved.discard'), [t]);
  useUnsavedChangesPrompt(confirmLeave);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('common.menu.toggle')} />
            <a href={portalPath('/')} aria-label={config?.title}>
              {config && <Image src={config.theme.logo} alt="" h={28} w="auto" fit="contain" />}
            </a>
            <VisuallyHidden component="span">{config?.title}</VisuallyHidden>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CustomerSwitcher />
            <LocationSwitcher />
            <CurrencySwitcher />
            <MerchantSwitcher />
            <LanguageMenu />
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="subtle" size="xs" data-testid="user-menu">
                  {fullName}
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
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
