import { ActionIcon, Checkbox, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { MENU_KINDS, type MenuKind } from '../../domain/menu-overrides.ts';
import type { MenuDefinitions, MenuEntry } from '../../domain/menus.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import sideMenus from '../../screens/menus/side-menus.json';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { menuOverride, menuView, moveEntry, setEntryLabel, setEntryShown } from '../overrides/menu-edits.ts';
import { withEntry, withOverride } from '../overrides/tenant-overrides.ts';
import classes from '../studio.module.css';
import { SectionCheck } from './SectionCheck.tsx';
import { TextKeyInput } from './TextKeyInput.tsx';
import type { TenantDocument } from './tenant-types.ts';
import { useShippedTexts } from './use-shipped-texts.ts';
import type { TenantWorkspace } from './use-tenant-workspace.ts';

const shipped = sideMenus as unknown as MenuDefinitions;

/**
 * A tenant's side menus, per portal type (issue 24): entries shown or hidden, ordered and
 * relabelled; the tenant's `overrides.menus[type]` becomes the edited list, or nothing while it
 * is the shipped one. Like the screens panel, not an engine definition (docs/decisions.md).
 */
export function MenusPanel({ workspace, editable }: { workspace: TenantWorkspace; editable: boolean }) {
  const { t, language } = useText();
  const document = workspace.working as TenantDocument;
  const overrides = document.overrides?.menus;
  const [kind, setKind] = useState<MenuKind>('customer');
  const { texts, error } = useShippedTexts(language);
  const menu = overrides?.[kind] ?? shipped[kind];
  const write = (next: MenuEntry[]) =>
    workspace.edit(withOverride(document, 'menus', withEntry(overrides, kind, menuOverride(shipped[kind], next))));
  const words = (key: string) => texts?.get(key) ?? key;
  const entries = menuView(shipped[kind], menu);
  return (
    <Stack gap="md">
      <Text size="sm">{t('studioUi.menus.intro')}</Text>
      <ErrorNotice error={error} />
      <NativeSelect
        label={t('studioUi.menus.kind')}
        value={kind}
        data={MENU_KINDS.map((value) => ({ value, label: t(`studio.menuKinds.${value}`) }))}
        onChange={(event) => setKind(event.currentTarget.value as MenuKind)}
        maw={360}
      />
      {!texts && <Loader size="sm" aria-label={t('studioUi.overrides.loading')} />}
      {texts && (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder striped data-menu-form={kind}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('studioUi.menus.entry')}</Table.Th>
                <Table.Th scope="col">{t('studioUi.menus.shown')}</Table.Th>
                <Table.Th scope="col">{t('studioUi.screens.order')}</Table.Th>
                <Table.Th scope="col">{t('studioUi.menus.label')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry, index) => {
                const name = words(entry.label);
                return (
                  <Table.Tr key={entry.id} data-entry={entry.id}>
                    <Table.Th scope="row" className={classes.ruleSetCell}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('studioUi.menus.shownOf', { entry: name })}
                        checked={entry.shown}
                        disabled={!editable}
                        onChange={(event) => write(setEntryShown(menu, shipped[kind], entry.id, event.currentTarget.checked))}
                      />
                    </Table.Td>
                    <Table.Td>
                      {entry.shown && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="default"
                            aria-label={t('studioUi.screens.moveEarlier', { column: name })}
                            disabled={!editable || index === 0}
                            onClick={() => write(moveEntry(menu, entry.id, -1))}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            aria-label={t('studioUi.screens.moveLater', { column: name })}
                            disabled={!editable || index >= menu.length - 1}
                            onClick={() => write(moveEntry(menu, entry.id, 1))}
                          >
                            ↓
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {entry.shown && (
                        <TextKeyInput
                          label={t('studioUi.menus.labelOf', { entry: name })}
                          hideLabel
                          value={entry.label}
                          texts={texts}
                          disabled={!editable}
                          onChange={(key) => write(setEntryLabel(menu, entry.id, key))}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SectionCheck workspace={workspace} pointer="/overrides/menus" />
    </Stack>
  );
}
