import { Button, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { OPERATOR_ACTIONS, type OperatorAction, openActions } from '../../../domain/credit-applications.ts';
import { statusKey } from '../../../engine/format/formatters.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { parseMoneyToMinor } from '../../../engine/widgets/table/list-params.ts';
import { studioRequest, type Resource } from '../../api.ts';
import { ErrorNotice } from '../../ErrorNotice.tsx';
import { may, useOperator } from '../../operator.ts';
import type { StudioApplication } from './application-types.ts';
import { useBusyStep } from '../../use-busy-step.ts';

/**
 * A publisher's decision on an application: the moves its status allows (domain/credit-applications.ts),
 * a message to the applicant (required when asking for more information), and on approval the new
 * credit limit, the requested one unless changed. Others read why they cannot decide.
 */
export function DecisionForm({
  tenantId,
  application,
  onDecided,
}: {
  tenantId: string;
  application: StudioApplication;
  onDecided(application: StudioApplication): void;
}) {
  const { t, language } = useText();
  const { operator } = useOperator();
  const open = OPERATOR_ACTIONS.filter((action) => openActions(application.status).includes(action));
  const [action, setAction] = useState<OperatorAction | null>(null);
  const [note, setNote] = useState('');
  const [limit, setLimit] = useState((application.requested_limit / 100).toFixed(2));
  const { busy, error, run } = useBusyStep();
  const [saved, setSaved] = useState<string | null>(null);

  const approvedMinor = parseMoneyToMinor(limit, language);
  const limitInvalid = action === 'approve' && (approvedMinor === null || approvedMinor <= 0);
  const noteMissing = action === 'request_info' && note.trim() === '';

  const decide = async () => {
    if (!action) return;
    await run(async () => {
      const body = {
        action,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(action === 'approve' && approvedMinor !== null ? { approved_limit: approvedMinor } : {}),
      };
      const answer = await studioRequest<{ data: Resource<StudioApplication> }>(
        'POST',
        `/tenants/${tenantId}/applications/${application.application_id}/decision`,
        body,
      );
      setAction(null);
      setNote('');
      setSaved(t('studioUi.applications.saved', { status: t(statusKey(answer.data.attributes.status)) }));
      onDecided(answer.data.attributes);
    });
  };

  return (
    <Paper withBorder p="md" aria-labelledby="decision-title">
      <Title order={3} size="h4" id="decision-title" mb="xs">
        {t('studioUi.applications.decision')}
      </Title>
      {saved && (
        <Text role="status" size="sm" mb="xs" data-decision-saved>
          {saved}
        </Text>
      )}
      {open.length === 0 ? (
        <Text size="sm">{t('studioUi.applications.decided')}</Text>
      ) : !may(operator, 'decide') ? (
        <Text size="sm">{t('studioUi.applications.publisherOnly')}</Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void decide();
          }}
        >
          <Stack gap="sm">
            <ErrorNotice error={error} />
            <Radio.Group
              label={t('studioUi.applications.action')}
              value={action}
              onChange={(value) => setAction(value as OperatorAction)}
              required
            >
              <Stack gap={6} mt={6}>
                {open.map((name) => (
                  <Radio key={name} value={name} label={t(`studioUi.applications.actions.${name}`)} />
                ))}
              </Stack>
            </Radio.Group>
            {action === 'approve' && (
              <TextInput
                label={t('applications.fields.approvedLimit')}
                description={t('studioUi.applications.limitHint', { currency: application.currency })}
                value={limit}
                onChange={(event) => setLimit(event.currentTarget.value)}
                error={limitInvalid ? t('studioUi.applications.limitInvalid') : undefined}
                inputMode="decimal"
                required
              />
            )}
            {action && (
              <Textarea
                label={t('studioUi.applications.message')}
                description={t('studioUi.applications.messageHint')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                maxLength={4000}
                autosize
                minRows={3}
                required={action === 'request_info'}
              />
            )}
            <Button type="submit" disabled={!action || limitInvalid || noteMissing} loading={busy}>
              {t('studioUi.applications.save')}
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
