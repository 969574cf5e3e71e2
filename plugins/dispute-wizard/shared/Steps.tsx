import { memo, type ReactNode } from 'react';
import { Button, Group, Stack, Stepper } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';

/** The flow's steps as a stepper (labels are i18n keys) with Cancel, Back and the step's own Next. */
export function Steps({ labels, active, children }: { labels: readonly string[]; active: number; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <StepperBar labels={labels} active={active} />
      {children}
    </Stack>
  );
}

/** The stepper alone, memoised: typing in a step's field does not render it again. */
const StepperBar = memo(function StepperBar({ labels, active }: { labels: readonly string[]; active: number }) {
  const { t } = useText();
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={t('disputes.wizard.progress')}>
      {labels.map((label) => (
        <Stepper.Step key={label} label={t(label)} />
      ))}
    </Stepper>
  );
});

export function StepButtons({ onCancel, onBack, next }: { onCancel(): void; onBack?: (() => void) | undefined; next: ReactNode }) {
  const { t } = useText();
  return (
    <Group justify="space-between" mt="md">
      <Button variant="subtle" onClick={onCancel}>
        {t('common.actions.cancel')}
      </Button>
      <Group>
        {onBack ? (
          <Button variant="default" onClick={onBack}>
            {t('disputes.wizard.back')}
          </Button>
        ) : null}
        {next}
      </Group>
    </Group>
  );
}
