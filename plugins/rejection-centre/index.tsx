/**
 * The rejection centre (issue 15; spec §2, §4, §8): the list is a definition
 * (screens/rejection-center.json: tabs per status, customer and merchant search, bulk resubmit
 * and cancel); this plugin is what a definition cannot say: one rejection opened to correct what
 * its resubmission needs, with the unsaved-changes prompt, and the outcomes of resubmitting
 * (done, still processing past the deadline, refused by the program) and of cancelling (permanent).
 */
import { useState } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from '../../engine/routing/Link.tsx';
import type { ResourceObject } from '../../engine/data/api-client.ts';
import { useResource } from '../../engine/data/use-resource.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { usePortalAbility } from '../../engine/policy/AbilityProvider.tsx';
import { usePortalNavigate, usePortalPath } from '../../engine/routing/navigation.ts';
import { useScreen } from '../../engine/screens/screen-context.tsx';
import { confirmDialog } from '../../engine/shell/confirm.ts';
import { useToast } from '../../engine/shell/toast.ts';
import { setUnsavedChanges } from '../../engine/shell/unsaved-changes.ts';
import { DataState } from '../../engine/widgets/DataState.tsx';
import { CorrectionForm } from './components/CorrectionForm.tsx';
import { RejectionFacts } from './components/RejectionFacts.tsx';
import type { Corrections, RejectionRecord } from './contract.ts';
import { useRejectionAction, type ActionResult } from './use-rejection-action.ts';

const LIST_PATH = '/rejection-center';

export default function RejectionCentre() {
  const { t } = useText();
  const toast = useToast();
  const navigate = usePortalNavigate();
  const portalPath = usePortalPath();
  const ability = usePortalAbility();
  const { bindings } = useScreen();
  const id = Number(bindings.route.rejection_id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, error, loading } = useResource<Array<ResourceObject<RejectionRecord>>>({
    resource: '/rejections',
    filter: { rejection_id: valid ? String(id) : '0' },
  });
  const rejection = data?.[0]?.attributes;
  const { busy, run } = useRejectionAction();
  const [outcome, setOutcome] = useState<ActionResult | undefined>();

  const finish = (result: ActionResult | undefined, successKey: string): boolean => {
    if (!result) return false;
    setOutcome(result);
    if (result.kind === 'failed') return false;
    setUnsavedChanges(false);
    toast(result.kind === 'done' ? 'success' : 'info', result.kind === 'done' ? successKey : result.code);
    navigate(LIST_PATH);
    return true;
  };
  const resubmit = async (corrections: Corrections) => finish(await run('resubmit', id, corrections), 'rejections.toasts.resubmitted');
  const cancel = async () => {
    if (!(await confirmDialog(t, 'rejections.cancel.title', 'rejections.cancel.message', 'rejections.cancel.confirm'))) return false;
    return finish(await run('cancel', id), 'rejections.toasts.cancelled');
  };

  return (
    <Stack gap="md" data-testid="rejection-detail">
      <Anchor component={Link} to={portalPath(LIST_PATH)} size="sm">
        {t('rejections.detail.back')}
      </Anchor>
      <DataState loading={valid && loading} error={error}>
        {!rejection ? (
          // Nothing of the caller's has this rejection id: a missing rejection, not an invoice (issue 26).
          <Alert color="red" role="alert">
            {t('rejections.detail.notFound')}
          </Alert>
        ) : (
          <>
            {outcome?.kind === 'failed' && (
              <Alert color="red" role="alert">
                {t(outcome.error.code, outcome.error.meta)}
              </Alert>
            )}
            {rejection.resubmit_state === 'failed' && rejection.resubmit_error && outcome?.kind !== 'failed' && (
              <Alert color="orange" role="status">
                {t('rejections.detail.lastRefused', { reason: t(rejection.resubmit_error) })}
              </Alert>
            )}
            {rejection.resubmit_state === 'processing' && (
              <Alert color="blue" role="status">
                {t('errors.rejections.resubmitStillProcessing')}
              </Alert>
            )}
            <RejectionFacts rejection={rejection} />
            <CorrectionForm
              key={`${rejection.rejection_id}:${rejection.updated_at}`}
              rejection={rejection}
              busy={busy}
              canUpdate={ability.can('update', 'Rejection')}
              onResubmit={resubmit}
              onCancel={cancel}
            />
          </>
        )}
      </DataState>
    </Stack>
  );
}
