import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { studioData, type Resource } from '../api.ts';
import { type DraftProblem, ErrorNotice, ProblemList } from '../ErrorNotice.tsx';
import type { TenantWorkspace } from './use-tenant-workspace.ts';
import { useBusyStep } from '../use-busy-step.ts';

/**
 * The server's whole check of the saved draft (the one a publish runs), showing the problems under
 * `pointer` (one screen's override, the texts): what the operator is editing here, with the
 * server's reasons in the studio's language. The Draft tab shows all of them.
 */
export function SectionCheck({ workspace, pointer }: { workspace: TenantWorkspace; pointer: string }) {
  const { t, language } = useText();
  const [problems, setProblems] = useState<DraftProblem[] | null>(null);
  const { busy, error, run } = useBusyStep();
  const draftId = workspace.draft?.id;
  if (!draftId) return null;
  const check = async () => {
    await run(async () => {
      const answer = await studioData<Resource<{ problems: DraftProblem[] }>>(`/drafts/${draftId}/check?lang=${language}`);
      setProblems(answer.attributes.problems.filter((problem) => problem.pointer.startsWith(pointer)));
    });
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="default" onClick={() => void check()} loading={busy} disabled={workspace.unsaved}>
        {t('studioUi.overrides.check')}
      </Button>
      {workspace.unsaved && (
        <Text size="sm" c="dimmed">
          {t('studioUi.overrides.saveToCheck')}
        </Text>
      )}
      <ErrorNotice error={error} />
      {problems && (
        <Alert
          color={problems.length === 0 ? 'green' : 'red'}
          role="status"
          data-section-check={problems.length === 0 ? 'clean' : 'refused'}
          w="100%"
        >
          {problems.length === 0 ? t('studioUi.overrides.checkClean') : t('studioUi.overrides.checkRefused')}
          {problems.length > 0 && <ProblemList problems={problems} />}
        </Alert>
      )}
    </Stack>
  );
}
