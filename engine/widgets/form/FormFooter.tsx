import { Alert, Button, Group, Stack } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import type { SubmitError } from './use-form-submit.ts';
import type { PortalFormContext } from './theme/form-context.ts';

/**
 * A form's footer: the failed submit's translated error, titled by the submit's `failure` when
 * it names one (role=alert, so it is announced), above the submit button, which shows loading
 * and is disabled while the action runs.
 */
export function FormFooter({ submitLabel, submitting, submitError, steps }: {
  submitLabel: string; submitting: boolean; submitError: SubmitError | null; steps?: PortalFormContext['steps'] | undefined;
}) {
  const { t } = useText();
  // A stepped form: "Next" (a submit that validates and moves on) until the last step, "Back" after the first.
  const last = !steps || steps.current >= steps.count - 1;
  if (steps) {
    return (
      <Stack gap="sm" mt="md">
        {submitError && last ? (
          <Alert color="red" role="alert" title={submitError.summary ? t(submitError.summary) : undefined}>{t(submitError.code, submitError.meta)}</Alert>
        ) : null}
        <Group justify="space-between">
          {steps.current > 0 ? <Button type="button" variant="default" onClick={steps.back} disabled={submitting}>{t('common.wizard.back')}</Button> : <span />}
          <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>{t(last ? submitLabel : 'common.wizard.next')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" mt="md">
      {submitError ? (
        <Alert color="red" role="alert" title={submitError.summary ? t(submitError.summary) : undefined}>{t(submitError.code, submitError.meta)}</Alert>
      ) : null}
      <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>{t(submitLabel)}</Button>
    </Stack>
  );
}
