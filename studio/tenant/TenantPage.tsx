import { Anchor, Tabs, Title } from '@mantine/core';
import { useParams, useSearchParams, Link } from 'react-router';
import { useText } from '../../engine/i18n/use-text.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { may, useOperator } from '../operator.ts';
import { ApplicationsPanel } from './applications/ApplicationsPanel.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { DraftBar } from './DraftBar.tsx';
import { DraftPanel } from './DraftPanel.tsx';
import { EffectivePermissionsPanel } from './EffectivePermissionsPanel.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { MenusPanel } from './MenusPanel.tsx';
import { PermissionsPanel } from './PermissionsPanel.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { ScreensPanel } from './ScreensPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { SnapshotsPanel } from './snapshots/SnapshotsPanel.tsx';
import { TextsPanel } from './TextsPanel.tsx';
import { TransferPanel } from './TransferPanel.tsx';
import { useTenantWorkspace } from './use-tenant-workspace.ts';

const TABS = [
  'settings',
  'permissions',
  'effective',
  'screens',
  'menus',
  'texts',
  'draft',
  'preview',
  'snapshots',
  'history',
  'transfer',
  'audit',
  'applications',
] as const;
type TabName = (typeof TABS)[number];

/**
 * One tenant in the studio: its settings, role permissions, screens, menus and texts (edited in a draft), the draft's
 * check, diff, QA snapshots and publish, the published history with rollback, export and import, the audit log, and the tenant's credit applications. The tab is in
 * the address (?tab=), so a reload or a shared link opens the same one.
 */
export function TenantPage() {
  const { t } = useText();
  const { tenantId = '' } = useParams();
  const { operator } = useOperator();
  const [search, setSearch] = useSearchParams();
  const workspace = useTenantWorkspace(tenantId);
  const tabs = TABS.filter((tab) => (tab !== 'audit' || may(operator, 'audit')) && (tab !== 'preview' || may(operator, 'preview')));
  const requested = search.get('tab') as TabName | null;
  const tab = requested && tabs.includes(requested) ? requested : 'settings';
  const editable = may(operator, 'draft') && workspace.draft !== null;
  return (
    <>
      <Anchor component={Link} to="/studio" size="sm">
        {t('studioUi.tenants.back')}
      </Anchor>
      <Title order={1} size="h2" mt="xs" mb="sm">
        {t('studioUi.tenant.title', { tenant: workspace.published?.document.title ?? tenantId, id: tenantId })}
      </Title>
      <ErrorNotice error={workspace.error} />
      <DraftBar workspace={workspace} />
      <Tabs value={tab} onChange={(value) => setSearch(value && value !== 'settings' ? { tab: value } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`studioUi.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="settings">
          {workspace.working && <SettingsPanel document={workspace.working} editable={editable} onChange={workspace.edit} />}
        </Tabs.Panel>
        <Tabs.Panel value="permissions">
          {workspace.working && <PermissionsPanel document={workspace.working} editable={editable} onChange={workspace.edit} />}
        </Tabs.Panel>
        <Tabs.Panel value="effective">
          <EffectivePermissionsPanel tenantId={tenantId} workspace={workspace} />
        </Tabs.Panel>
        <Tabs.Panel value="screens">{workspace.working && <ScreensPanel workspace={workspace} editable={editable} />}</Tabs.Panel>
        <Tabs.Panel value="menus">{workspace.working && <MenusPanel workspace={workspace} editable={editable} />}</Tabs.Panel>
        <Tabs.Panel value="texts">{workspace.working && <TextsPanel workspace={workspace} editable={editable} />}</Tabs.Panel>
        <Tabs.Panel value="draft">
          <DraftPanel workspace={workspace} />
        </Tabs.Panel>
        {tabs.includes('preview') && (
          <Tabs.Panel value="preview">
            <PreviewPanel tenantId={tenantId} workspace={workspace} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="snapshots">
          <SnapshotsPanel tenantId={tenantId} workspace={workspace} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryPanel tenantId={tenantId} published={workspace.published} onRolledBack={workspace.reload} />
        </Tabs.Panel>
        <Tabs.Panel value="transfer">
          <TransferPanel tenantId={tenantId} workspace={workspace} />
        </Tabs.Panel>
        {tabs.includes('audit') && (
          <Tabs.Panel value="audit">
            <AuditPanel tenantId={tenantId} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="applications">
          <ApplicationsPanel tenantId={tenantId} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
