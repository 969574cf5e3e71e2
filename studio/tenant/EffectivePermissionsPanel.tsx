import { Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { type PermissionVerdict, useEffectivePermissions } from './effective-permissions.ts';
import { useTenantUsers } from './tenant-users.ts';
import { UserPicker } from './UserPicker.tsx';
import type { TenantWorkspace } from './use-tenant-workspace.ts';

/**
 * The effective-permissions view: pick one of the tenant's users and see, for every screen and
 * every API rule set, whether they may use it and, for each refusal, why (user type, role, feature
 * flag, policy, or nothing to work on), as published or with the open draft applied.
 */
export function EffectivePermissionsPanel({ tenantId, workspace }: { tenantId: string; workspace: TenantWorkspace }) {
  const { t, language } = useText();
  const { users, error: usersError } = useTenantUsers(tenantId);
  const [username, setUsername] = useState<string | null>(null);
  const [applyDraft, setApplyDraft] = useState(true);
  const draftId = applyDraft && workspace.draft ? workspace.draft.id : null;
  const { permissions, error } = useEffectivePermissions(tenantId, username, draftId, language);
  return (
    <Stack gap="md">
      <Text size="sm">{t('studioUi.effective.intro')}</Text>
      <ErrorNotice error={usersError ?? error} />
      <Group align="flex-end" gap="lg">
        <UserPicker users={users} value={username} onChange={setUsername} />
        {workspace.draft && (
          <Checkbox
            label={t('studioUi.effective.applyDraft', { id: workspace.draft.id })}
            checked={applyDraft}
            onChange={(event) => setApplyDraft(event.currentTarget.checked)}
          />
        )}
      </Group>
      {draftId && workspace.unsaved && <Text size="sm">{t('studioUi.effective.unsavedNote')}</Text>}
      {permissions && (
        <div data-effective-permissions={permissions.draft_id === null ? 'published' : 'draft'}>
          <Text size="sm" mb="sm">
            {permissions.draft_id === null
              ? t('studioUi.effective.asPublished', { revision: permissions.revision })
              : t('studioUi.effective.asDraft', { id: permissions.draft_id })}
          </Text>
          <VerdictTable
            name="screens"
            title={t('studioUi.effective.screens')}
            rows={permissions.screens.map((verdict) => ({ ...verdict, key: verdict.screen }))}
          />
          <VerdictTable
            name="rule-sets"
            title={t('studioUi.effective.ruleSets')}
            rows={permissions.rule_sets.map((verdict) => ({ ...verdict, key: verdict.ruleSet }))}
          />
        </div>
      )}
    </Stack>
  );
}

function VerdictTable({ name, title, rows }: { name: string; title: string; rows: Array<PermissionVerdict & { key: string }> }) {
  const { t } = useText();
  const headingId = `effective-${name}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mt="md" mb="xs">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder data-table={`effective-${name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('studioUi.effective.what')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.effective.verdict')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.effective.reason')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.effective.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-row-id={row.key} data-allowed={row.allowed}>
                <Table.Th scope="row">{row.name}</Table.Th>
                <Table.Td>
                  {/* A refusal stands out by weight; the word says it, in the text's own colour (contrast). */}
                  <Text span size="sm" fw={row.allowed ? 400 : 700}>
                    {t(row.allowed ? 'studioUi.effective.allowed' : 'studioUi.effective.refused')}
                  </Text>
                </Table.Td>
                <Table.Td>{row.reason ? t(`studioUi.effective.reasons.${row.reason}`) : ''}</Table.Td>
                <Table.Td>{row.why}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
