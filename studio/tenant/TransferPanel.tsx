import { Alert, Anchor, Button, Checkbox, FileInput, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { STUDIO_API, studioRequest, type Resource } from '../api.ts';
import { type DraftProblem, ErrorNotice, ProblemList } from '../ErrorNotice.tsx';
import { may, useOperator } from '../operator.ts';
import type { TenantWorkspace } from './use-tenant-workspace.ts';
import { useBusyStep } from '../use-busy-step.ts';

interface DryRun {
  published_revision: number;
  publishable: boolean;
  problems: DraftProblem[];
  changes: Array<{ kind: string; text: string }>;
}

/** The import's address: what it does with the file (server/studio/transfer-routes.ts). */
function importPath(tenantId: string, options: { replace: boolean; apply: boolean; note?: string; language: string }): string {
  const query = new URLSearchParams({ dryRun: String(!options.apply), replace: String(options.replace), lang: options.language });
  if (options.note) {
    query.set('publish', 'true');
    query.set('note', options.note);
  }
  return `/tenants/${tenantId}/import?${query.toString()}`;
}

/**
 * Export and import of the tenant's whole configuration as one JSON file (issue 24). The export is
 * the published document. An import is always tried first: the dry run shows what it would
 * change in words, and its problems; then an editor makes a draft of it, a publisher publishes it
 * with a note. What the file does not mention stays, unless the operator asks to remove it.
 */
export function TransferPanel({ tenantId, workspace }: { tenantId: string; workspace: TenantWorkspace }) {
  const { t, language } = useText();
  const { operator } = useOperator();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<object | null>(null);
  const [replace, setReplace] = useState(false);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { busy, error, run } = useBusyStep();
  const publishes = may(operator, 'publish');
  const drafts = may(operator, 'draft');

  const pick = async (picked: File | null) => {
    setFile(picked);
    setContent(null);
    setDryRun(null);
    setDone(null);
    setFileError(null);
    if (!picked) return;
    try {
      const parsed = JSON.parse(await picked.text()) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      setContent(parsed);
    } catch {
      setFileError(t('studioUi.transfer.notJson'));
    }
  };
  const tryIt = () =>
    run(async () => {
      const answer = await studioRequest<{ data: Resource<DryRun> }>(
        'POST',
        importPath(tenantId, { replace, apply: false, language }),
        content,
      );
      setDryRun(answer.data.attributes);
    });
  const apply = () =>
    run(async () => {
      const options = { replace, apply: true, language, ...(publishes ? { note } : {}) };
      await studioRequest('POST', importPath(tenantId, options), content);
      setDone(t(publishes ? 'studioUi.transfer.published' : 'studioUi.transfer.drafted'));
      setDryRun(null);
      await workspace.reload();
    });

  return (
    <Stack gap="lg">
      <section aria-labelledby="export-title">
        <Title order={2} size="h4" id="export-title" mb="xs">
          {t('studioUi.transfer.exportTitle')}
        </Title>
        <Text size="sm" mb="xs">
          {t('studioUi.transfer.exportHelp', { revision: workspace.published?.revision ?? '' })}
        </Text>
        <Anchor href={`${STUDIO_API}/tenants/${tenantId}/export`} download data-export>
          {t('studioUi.transfer.export')}
        </Anchor>
      </section>
      <section aria-labelledby="import-title">
        <Title order={2} size="h4" id="import-title" mb="xs">
          {t('studioUi.transfer.importTitle')}
        </Title>
        <Stack gap="sm" maw={640}>
          <FileInput
            label={t('studioUi.transfer.file')}
            placeholder={t('studioUi.transfer.filePlaceholder')}
            accept="application/json,.json"
            value={file}
            onChange={(picked) => void pick(picked)}
            error={fileError}
          />
          <Checkbox
            label={t('studioUi.transfer.replace')}
            description={t('studioUi.transfer.replaceHelp')}
            checked={replace}
            onChange={(event) => {
              setReplace(event.currentTarget.checked);
              setDryRun(null);
            }}
          />
          <Button onClick={() => void tryIt()} disabled={!content} loading={busy} w="fit-content">
            {t('studioUi.transfer.dryRun')}
          </Button>
        </Stack>
      </section>
      <ErrorNotice error={error} />
      {done && (
        <Alert color="green" role="status" data-imported>
          {done}
        </Alert>
      )}
      {dryRun && (
        <section aria-labelledby="dry-run-title" data-dry-run={dryRun.publishable ? 'publishable' : 'refused'}>
          <Title order={2} size="h4" id="dry-run-title" mb="xs">
            {t('studioUi.transfer.dryRunTitle', { revision: dryRun.published_revision })}
          </Title>
          {/* A file the tenant schema refuses has no changes to tell (the server leaves them out): only its problems show. */}
          {dryRun.changes.length === 0 ? (
            dryRun.publishable && <Text size="sm">{t('studioUi.transfer.noChanges')}</Text>
          ) : (
            <List spacing={4} data-import-changes>
              {dryRun.changes.map((change) => (
                <List.Item key={change.text}>{change.text}</List.Item>
              ))}
            </List>
          )}
          {dryRun.problems.length > 0 && (
            <Alert color="red" role="alert" mt="sm" title={t('studioUi.transfer.refused')}>
              <ProblemList problems={dryRun.problems} />
            </Alert>
          )}
          {dryRun.publishable && dryRun.changes.length > 0 && (
            <Group align="flex-end" mt="md" wrap="wrap">
              {publishes && (
                <TextInput
                  label={t('studioUi.transfer.note')}
                  required
                  maxLength={500}
                  value={note}
                  onChange={(event) => setNote(event.currentTarget.value)}
                  style={{ flex: '1 1 18rem' }}
                />
              )}
              {(publishes || drafts) && (
                <Button
                  onClick={() => void apply()}
                  loading={busy}
                  disabled={(publishes && note.trim() === '') || (!publishes && workspace.draft !== null)}
                >
                  {t(publishes ? 'studioUi.transfer.publish' : 'studioUi.transfer.makeDraft')}
                </Button>
              )}
              {!publishes && drafts && workspace.draft !== null && <Text size="sm">{t('studioUi.transfer.draftOpen')}</Text>}
              {!publishes && !drafts && <Text size="sm">{t('studioUi.transfer.readOnly')}</Text>}
            </Group>
          )}
        </section>
      )}
    </Stack>
  );
}
