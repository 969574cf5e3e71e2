import { Alert, Button, Group, Stack } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import type { SubmitError } from './use-form-submit.ts';

/**
 * A form's footer: the failed submit's translated error, titled by the submit's `failure` when
 * it names one (role=alert, so it is announced), above the submit button, which shows loading
 * and is disabled while the action runs; a form with a `cancel` shows it beside the button.
 */
export function FormFooter({
  submitLabel,
  submitting,
  submitError,
  cancel,
}: {
  submitLabel: string;
  submitting: boolean;
  submitError: SubmitError | null;
  cancel?: { label: string; run(): void } | undefined;
}) {
  const { t } = useText();
  return (
    <Stack gap="sm" mt="md">
      {submitError ? (
        <Alert color="red" role="alert" title={submitError.summary ? t(submitError.summary) : undefined}>
          {t(submitError.code, submitError.meta)}
        </Alert>
      ) : null}
      {cancel ? (
        <Group gap="sm">
          <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>
            {t(submitLabel)}
          </Button>
          <Button type="button" variant="default" onClick={cancel.run} disabled={submitting}>
            {t(cancel.label)}
          </Button>
        </Group>
      ) : (
        <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>
          {t(submitLabel)}
        </Button>
      )}
    </Stack>
  );
}
