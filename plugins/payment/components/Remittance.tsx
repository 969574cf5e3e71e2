import { Stack, Text } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { PaymentOptions } from '../contract.ts';

/** Paying by mail: where to send the cheque; nothing is charged online. */
export function Remittance({ remittance }: { remittance: PaymentOptions['remittance'] }) {
  const { t } = useText();
  return (
    <Stack gap="xs" data-remittance>
      <Text>{t('payments.mail.instructions')}</Text>
      <Text component="address" fs="normal" style={{ whiteSpace: 'pre-line' }}>
        {[remittance.payee, ...remittance.lines].join('\n')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('payments.mail.reference')}
      </Text>
    </Stack>
  );
}
