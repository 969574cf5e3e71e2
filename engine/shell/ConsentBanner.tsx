import { Button, Group, Paper, Text } from '@mantine/core';
import { useText } from '../i18n/use-text.ts';
import { chooseConsent, useConsent } from './consent.ts';

export function ConsentBanner() {
  const { t } = useText();
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <Paper
      role="region"
      aria-label={t('common.consent.label')}
      shadow="md"
      p="md"
      withBorder
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300 }}
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" maw={720}>
          {t('common.consent.text')}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => chooseConsent('out')}>
            {t('common.consent.optOut')}
          </Button>
          <Button onClick={() => chooseConsent('in')}>{t('common.consent.optIn')}</Button>
        </Group>
      </Group>
    </Paper>
  );
}
