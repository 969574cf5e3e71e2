import { Alert, Button, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { studioData, studioRequest, type Resource } from '../api.ts';
import { type DraftProblem, ErrorNotice, ProblemList } from '../ErrorNotice.tsx';
import { may, useOperator } from '../operator.ts';
import type { TenantWorkspace } from './use-tenant-workspace.ts';
import { useBusyStep } from '../use-busy-step.ts';

interface DraftCheck {
  publishable: boolean;
  problems: DraftProblem[];
}
interface DraftDiff {
  published_revision: number;
  base_revision: number;
  changes: Array<{ kind: string; text: string }>;
}

/**
 * The saved draft against the published revision: what it changes in the operator's words (the
 * API's diff in the studio's language), the whole check a publish runs (each problem with its
 * pointer and reason), and publishing with a note, for publishers; others are told why not.
 */
export function DraftPanel({ workspace }: { workspace: TenantWorkspace }) {
  const { t, language } = useText();
  const { operator } = useOperator();
  const { draft, unsaved } = workspace;
  const [diff, setDiff] = useState<DraftDiff | null>(null);
  const [check, setCheck] = useState<DraftCheck | null>(null);
  const [note, setNote] = useState('');
  const { busy, error, setError, run } = useBusyStep();
  const [published, setPublished] = useState<number | null>(null);
  const draftId = draft?.id;
  const savedAt = draft?.attributes.updated_at;

  // biome-ignore lint/correctness/useExhaustiveDependencies: savedAt is the trigger: the diff is read again after each save.
  useEffect(() => {
    setDiff(null);
    setCheck(null);
    if (!draftId) return;
    studioData<Resource<DraftDiff>>(`/drafts/${draftId}/diff?lang=${language}`).then((answer) => setDiff(answer.attributes), setError);
  }, [draftId, savedAt, language]);

  const runCheck = () =>
    run(async () => setCheck((await studioData<Resource<DraftCheck>>(`/drafts/${draftId}/check?lang=${language}`)).attributes));
  const publish = () =>
    run(async () => {
      const answer = await studioRequest<{ data: Resource<{ revision: number }> }>('POST', `/drafts/${draftId}/publish?lang=${language}`, {
        note,
      });
      setPublished(answer.data.attributes.revision);
      setNote('');
      await workspace.reload();
    });

  return (
    <Stack gap="md">
      {published !== null && (
        <Alert color="green" role="status" data-published={published}>
          {t('studioUi.publish.done', { revision: published })}
        </Alert>
      )}
      <ErrorNotice error={error} />
      {!draft && <Text>{t('studioUi.draft.none')}</Text>}
      {draft && (
        <>
          {unsaved && (
            <Alert color="yellow" role="status">
              {t('studioUi.draft.unsavedNote')}
            </Alert>
          )}
          <section aria-labelledby="draft-changes">
            <Title order={2} size="h4" id="draft-changes" mb="xs">
              {t('studioUi.diff.title', { revision: diff?.published_revision ?? draft.attributes.base_revision })}
            </Title>
            {diff && diff.changes.length === 0 && <Text size="sm">{t('studioUi.diff.none')}</Text>}
            {diff && diff.changes.length > 0 && (
              <List data-diff spacing={4}>
                {diff.changes.map((change) => (
                  <List.Item key={change.text}>{change.text}</List.Item>
                ))}
              </List>
            )}
          </section>
          <section aria-labelledby="draft-check">
            <Title order={2} size="h4" id="draft-check" mb="xs">
              {t('studioUi.check.title')}
            </Title>
            <Button variant="default" onClick={() => void runCheck()} loading={busy} mb="xs">
              {t('studioUi.check.run')}
            </Button>
            {check && (
              <Alert color={check.publishable ? 'green' : 'red'} role="status" data-check={check.publishable ? 'publishable' : 'refused'}>
                {t(check.publishable ? 'studioUi.check.publishable' : 'studioUi.check.problems', { count: check.problems.length })}
                {check.problems.length > 0 && <ProblemList problems={check.problems} />}
              </Alert>
            )}
          </section>
          <section aria-labelledby="draft-publish">
            <Title order={2} size="h4" id="draft-publish" mb="xs">
              {t('studioUi.publish.title')}
            </Title>
            {may(operator, 'publish') ? (
              <Group align="flex-end" wrap="wrap">
                <Textarea
                  label={t('studioUi.publish.note')}
                  required
                  maxLength={500}
                  value={note}
                  onChange={(event) => setNote(event.currentTarget.value)}
                  style={{ flex: '1 1 18rem' }}
                />
                <Button onClick={() => void publish()} disabled={note.trim() === '' || unsaved} loading={busy}>
                  {t('studioUi.publish.submit')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" data-publish-refused>
                {t('studioUi.publish.notAllowed')}
              </Text>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}
