import type { RefObject } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { PaymentOptions } from '../contract.ts';
import { fieldSource } from '../card-provider.ts';

interface CardFieldProps {
  provider: PaymentOptions['provider'];
  frameRef: RefObject<HTMLIFrameElement | null>;
  feeMinor: number;
  currency: string | undefined;
  /** The provider's refusal of what was typed (an i18n key). */
  error: string | null;
}

/**
 * The provider-hosted card field (an iframe on the provider's page): the card number never enters
 * the portal's own document. The flat, non-refundable fee is stated beside it, before confirming.
 */
export function CardField({ provider, frameRef, feeMinor, currency, error }: CardFieldProps) {
  const { t, language } = useText();
  const money = useFormatter();
  return (
    <Stack gap="xs">
      <iframe
        ref={frameRef}
        src={fieldSource(provider.field_url, provider.public_key, language)}
        title={t('payments.card.frameTitle')}
        style={{ border: 0, width: '100%', maxWidth: 480, height: 150 }}
        data-card-field
      />
      {currency ? (
        <Text size="sm" data-card-fee-note>
          {t('payments.card.feeNote', { fee: money('currency', feeMinor, currency) })}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" data-card-error>
          {t(error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
