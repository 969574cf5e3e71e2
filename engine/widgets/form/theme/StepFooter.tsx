import { Alert, Button, Group, Stack } from '@mantine/core';
import { useText } from '../../../i18n/use-text.ts';
import type { SubmitError } from '../use-form-submit.ts';
import type { PortalFormContext } from './form-context.ts';

/**
 * The footer of a stepped form (root `"ui:options": { "steps": true }`): "Back" after the first
 * step, "Next" (a submit that validates and moves on) until the last step, whose button submits.
 * Only RJSF forms step, so this stays out of the sign-in pages' chunk (FormFooter is theirs).
 */
export function StepFooter({
  submitLabel,
  submitting,
  submitError,
  steps,
}: {
  submitLabel: string;
  submitting: boolean;
  submitError: SubmitError | null;
  steps: NonNullable<PortalFormContext['steps']>;
}) {
  const { t } = useText();
  const last = steps.current >= steps.count - 1;
  return (
    <Stack gap="sm" mt="md">
      {submitError && last ? (
        <Alert color="red" role="alert" title={submitError.summary ? t(submitError.summary) : undefined}>
          {t(submitError.code, submitError.meta)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        {steps.current > 0 ? (
          <Button type="button" variant="default" onClick={steps.back} disabled={submitting}>
            {t('common.wizard.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={submitting} disabled={submitting} aria-busy={submitting || undefined}>
          {t(last ? submitLabel : 'common.wizard.next')}
        </Button>
      </Group>
    </Stack>
  );
}
