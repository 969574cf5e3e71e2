import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CORRECTION_LIMITS } from '../../../domain/rejections.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { setUnsavedChanges } from '../../../engine/shell/unsaved-changes.ts';
import type { CorrectionField, Corrections, RejectionRecord } from '../contract.ts';
import { correctionsOf, draftProblems, FIELD_LABELS, initialDraft, isDirty, type CorrectionDraft } from '../corrections.ts';

interface CorrectionFormProps {
  rejection: RejectionRecord;
  busy: boolean;
  canUpdate: boolean;
  onResubmit(corrections: Corrections): Promise<boolean>;
  onCancel(): Promise<boolean>;
}

/**
 * The fields the rejection's reason concerns, a comment, and its two actions. Edits are
 * unsaved changes (spec §2: leaving a rejection with unsaved changes prompts the user) until
 * an action succeeds or the page is left.
 */
export function CorrectionForm({ rejection, busy, canUpdate, onResubmit, onCancel }: CorrectionFormProps) {
  const { t } = useText();
  const fields = rejection.correctable_fields as CorrectionField[];
  const initial = useMemo(() => initialDraft(fields, rejection), [fields, rejection]);
  const [draft, setDraft] = useState<CorrectionDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems = draftProblems(fields, draft);
  const problemOf = (field: keyof CorrectionDraft) => {
    const problem = submitted ? problems.find((candidate) => candidate.field === field) : undefined;
    return problem ? t(problem.code, { ...problem.values, field: t(problem.values.field) }) : undefined;
  };
  const dirty = isDirty(initial, draft);
  useEffect(() => {
    setUnsavedChanges(dirty);
  }, [dirty]);
  useEffect(() => () => setUnsavedChanges(false), []);
  const editable = canUpdate && rejection.status === 'active';
  const change = (field: keyof CorrectionDraft) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  const resubmit = async () => {
    setSubmitted(true);
    if (problems.length) return;
    if (await onResubmit(correctionsOf(fields, draft))) setUnsavedChanges(false);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rejection-correction">
      <Stack gap="sm" maw={560}>
        <Title order={2} size="h4" id="rejection-correction">
          {t('rejections.detail.correct')}
        </Title>
        <Text size="sm">{t(fields.length ? 'rejections.detail.correctHint' : 'rejections.detail.nothingToCorrect')}</Text>
        {fields.map((field) => (
          <TextInput
            key={field}
            label={t(FIELD_LABELS[field])}
            value={draft[field] ?? ''}
            onChange={change(field)}
            withAsterisk
            disabled={!editable}
            error={problemOf(field)}
            inputMode={field === 'odometer' ? 'numeric' : undefined}
            maxLength={field === 'odometer' ? 7 : field === 'product' ? CORRECTION_LIMITS.productMaxLength : CORRECTION_LIMITS.idMaxLength}
            data-field={field}
          />
        ))}
        <Textarea
          label={t(FIELD_LABELS.comment)}
          value={draft.comment ?? ''}
          onChange={change('comment')}
          disabled={!editable}
          autosize
          minRows={2}
          error={problemOf('comment')}
          data-field="comment"
        />
        {!editable && <Alert color="gray">{t(canUpdate ? 'rejections.detail.notActive' : 'rejections.detail.readOnly')}</Alert>}
        {editable && (
          <Group>
            <Button onClick={() => void resubmit()} loading={busy}>
              {t('rejections.actions.resubmit')}
            </Button>
            <Button color="red" variant="light" onClick={() => void onCancel()} disabled={busy}>
              {t('rejections.actions.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
