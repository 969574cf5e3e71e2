import { Alert, Button, Group, Stack } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import type { SubmitError } from './use-form-submit.ts';

/**
 * A form's footer: the failed submit's translated error, titled by the submit's `failure` when
 * it names one (role=alert, so it is announced), above the submit button, which shows loading
 * and is disabled while the action runs. In a dialog (`onCancel`), a cancel button beside it.
 */
export function FormFooter({ submitLabel, submitting, submitError, onCancel }: { submitLabel: string; submitting: boolean; submitError: SubmitError | null; onCancel?: (() => void) | undefined }) {
  const { t } = useText();
  return (
    <Stack gap="sm" mt="md">
      {submitError ? (
        <Alert color="red" role="alert" title={submitError.summary ? t(submitError.summary) : undefined}>{t(submitError.code, submitError.meta)}</Alert>
      ) : null}
      {onCancel ? (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>{t('common.actions.cancel')}</Button>
          <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>{t(submitLabel)}</Button>
        </Group>
      ) : <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>{t(submitLabel)}</Button>}
    </Stack>
  );
}
