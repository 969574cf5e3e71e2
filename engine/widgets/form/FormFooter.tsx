import { Alert, Button, Stack } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import type { SubmitError } from './use-form-submit.ts';

/**
 * A form's footer: the failed submit's translated error, titled by the submit's `failure` when
 * it names one (role=alert, so it is announced), above the submit button, which shows loading
 * and is disabled while the action runs.
 */
export function FormFooter({ submitLabel, submitting, submitError }: { submitLabel: string; submitting: boolean; submitError: SubmitError | null }) {
  const { t } = useText();
  return (
    <Stack gap="sm" mt="md">
      {submitError ? (
        <Alert color="red" role="alert" title={submitError.summary ? t(submitError.summary) : undefined}>{t(submitError.code, submitError.meta)}</Alert>
      ) : null}
      <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>{t(submitLabel)}</Button>
    </Stack>
  );
}
