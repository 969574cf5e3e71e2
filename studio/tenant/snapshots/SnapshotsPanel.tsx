import { Alert, Badge, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';
import { ErrorNotice } from '../../ErrorNotice.tsx';
import { may, useOperator } from '../../operator.ts';
import { useBusyStep } from '../../use-busy-step.ts';
import { userLabel } from '../tenant-users.ts';
import type { TenantWorkspace } from '../use-tenant-workspace.ts';
import { SnapshotDiff } from './SnapshotDiff.tsx';
import { downloadText, snapshotMarkdown, useSnapshotRun } from './snapshot-run.ts';

/**
 * QA snapshots (issue 24): the accessibility trees of the screens the saved draft changes, per
 * role, as published and with the draft, in the format of QA's screen snapshots, rendered on the
 * server. Editors and publishers start a run; everyone who reads the draft reads its diffs and
 * downloads the whole result as Markdown.
 */
export function SnapshotsPanel({ tenantId, workspace }: { tenantId: string; workspace: TenantWorkspace }) {
  const { t } = useText();
  const { operator } = useOperator();
  const { busy, error, setError, run: step } = useBusyStep();
  const draftId = workspace.draft?.id;
  const { run, start } = useSnapshotRun(draftId, setError);
  if (!draftId) return <Text size="sm">{t('studioUi.snapshots.noDraft')}</Text>;
  const working = run?.state === 'queued' || run?.state === 'running';
  const result = run?.state === 'done' ? run.result : undefined;
  const progress = run ? t('studioUi.snapshots.progress', { done: run.progress.done, total: run.progress.total }) : '';
  return (
    <Stack gap="md">
      <Text size="sm">{t('studioUi.snapshots.intro')}</Text>
      <ErrorNotice error={error} />
      {workspace.unsaved && <Text size="sm">{t('studioUi.snapshots.unsavedNote')}</Text>}
      <Group>
        {may(operator, 'preview') && (
          <Button onClick={() => void step(start)} loading={busy || working} disabled={working}>
            {t('studioUi.snapshots.start')}
          </Button>
        )}
        {result && (
          <Button
            variant="default"
            onClick={() => downloadText(`qa-snapshots-${tenantId}-draft-${draftId}.md`, snapshotMarkdown(t, tenantId, draftId, run!))}
          >
            {t('studioUi.snapshots.downloadButton')}
          </Button>
        )}
      </Group>
      {!run && <Text size="sm">{t('studioUi.snapshots.none')}</Text>}
      {working && (
        <div role="status" data-snapshot-state={run.state}>
          <Text size="sm" mb={4}>
            {t(`studioUi.snapshots.state.${run.state}`)} {run.state === 'running' && progress}
          </Text>
          <Progress value={run.progress.total ? (100 * run.progress.done) / run.progress.total : 0} aria-label={progress} animated />
        </div>
      )}
      {run?.state === 'failed' && (
        <Alert color="red" role="alert" data-snapshot-state="failed">
          {t(`studioUi.snapshots.failed.${run.failure ?? 'renderFailed'}`)}
        </Alert>
      )}
      {result && (
        <Stack gap="md" data-snapshot-state="done">
          <Text size="sm" role="status">
            {t('studioUi.snapshots.done', {
              rendered: result.items.length,
              changed: result.items.filter((item) => item.diff !== '').length,
            })}
          </Text>
          {(result.notes.length > 0 || result.skipped.length > 0) && (
            <List size="sm" spacing={2}>
              {result.notes.map((note) => (
                <List.Item key={note}>{t(`studioUi.snapshots.notes.${note}`)}</List.Item>
              ))}
              {result.skipped.length > 0 && (
                <List.Item>{t('studioUi.snapshots.skipped', { pairs: result.skipped.length, max: result.maxRenders })}</List.Item>
              )}
            </List>
          )}
          {result.items.map((item) => {
            const heading = `${item.screen}: ${userLabel(t, item.user)}`;
            const id = `snapshot-${item.screen}-${item.user.username}`;
            return (
              <section key={id} aria-labelledby={id} data-snapshot={`${item.screen}:${item.user.username}`}>
                <Title order={2} size="h5" id={id} mb={4}>
                  {heading}
                </Title>
                <Group gap="xs" mb="xs">
                  <Text size="xs" c="dimmed">
                    {item.path}
                  </Text>
                  {item.reasons.map((reason) => (
                    <Badge key={reason} variant="light" size="sm">
                      {t(`studioUi.snapshots.reasons.${reason}`)}
                    </Badge>
                  ))}
                </Group>
                <SnapshotDiff diff={item.diff} />
              </section>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
