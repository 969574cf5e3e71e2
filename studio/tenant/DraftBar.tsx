import { Alert, Button, Group, Text } from '@mantine/core';
import { useText } from '../../engine/i18n/use-text.ts';
import { may, useOperator } from '../operator.ts';
import type { TenantWorkspace } from './use-tenant-workspace.ts';

/**
 * Where the draft stands and what the operator may do with it: an editor starts, saves and
 * discards drafts; a publisher and an auditor read it, and the bar says why they cannot change it.
 */
export function DraftBar({ workspace }: { workspace: TenantWorkspace }) {
  const { t } = useText();
  const { operator } = useOperator();
  const { draft, unsaved, busy, published } = workspace;
  const drafts = may(operator, 'draft');
  const state = draft
    ? t(unsaved ? 'studioUi.draft.stateUnsaved' : 'studioUi.draft.stateSaved', { id: draft.id, revision: draft.attributes.base_revision })
    : t('studioUi.draft.stateNone', { revision: published?.revision ?? '' });
  return (
    <Alert color={draft ? 'yellow' : 'gray'} mb="md" data-draft-state={draft ? (unsaved ? 'unsaved' : 'saved') : 'none'}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{state}</Text>
        {drafts ? (
          <Group gap="xs">
            {!draft && (
              <Button size="xs" onClick={() => void workspace.startDraft()} loading={busy}>
                {t('studioUi.draft.start')}
              </Button>
            )}
            {draft && (
              <>
                <Button size="xs" onClick={() => void workspace.saveDraft()} disabled={!unsaved} loading={busy}>
                  {t('studioUi.draft.save')}
                </Button>
                <Button size="xs" variant="default" color="red" onClick={() => void workspace.discardDraft()} disabled={busy}>
                  {t('studioUi.draft.discard')}
                </Button>
              </>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t(`studioUi.draft.readOnly.${operator?.role ?? 'auditor'}`)}
          </Text>
        )}
      </Group>
    </Alert>
  );
}
