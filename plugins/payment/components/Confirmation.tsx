import { useEffect, useRef } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../engine/routing/Link.tsx';
import type { PaymentMode } from '../../../domain/payments.ts';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { usePortalPath } from '../../../engine/routing/navigation.ts';
import type { PaymentAttributes } from '../contract.ts';
import { Figure } from './Figure.tsx';

/** spec §4 payment timing: card status updates in 1 to 3 business days, bank payments appear in 1 to 2. */
const TIMING = { card: 'payments.done.cardTiming', bank: 'payments.done.bankTiming' } as const;

/** The payment made: its numbers, what it cost, when it lands. Focus moves here so it is read out. */
export function Confirmation({ payment, mode }: { payment: PaymentAttributes; mode: PaymentMode }) {
  const { t } = useText();
  const format = useFormatter();
  const portalPath = usePortalPath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const money = (minor: number) => format('currency', minor, payment.currency);
  const method = payment.method === 'card' ? 'card' : 'bank';
  return (
    <Paper withBorder p="lg" data-confirmation>
      <Stack gap="md">
        <Title order={2} ref={heading} tabIndex={-1}>
          {t('payments.done.title')}
        </Title>
        <Stack component="dl" gap="xs" m={0}>
          <Figure label={t('payments.done.paymentNumber')} figure="payment-number" value={payment.payment_number} />
          <Figure label={t('payments.done.confirmationNumber')} figure="confirmation-number" value={payment.confirmation_number} />
          <Figure
            label={t('payments.amounts.amount', { currency: payment.currency })}
            figure="amount"
            value={money(payment.amount_minor)}
          />
          {payment.card_fee_minor > 0 ? (
            <Figure label={t('payments.amounts.cardFee')} figure="card-fee" value={money(payment.card_fee_minor)} />
          ) : null}
          <Figure label={t('payments.amounts.total')} figure="total" value={money(payment.total_minor)} strong />
        </Stack>
        <Text data-timing>{t(TIMING[method])}</Text>
        <Group>
          <Button
            component={Link}
            to={portalPath(mode === 'PROGRAM_OVERVIEW' ? '/account/program-overview' : '/invoice-list/Payment Pending')}
          >
            {t(mode === 'PROGRAM_OVERVIEW' ? 'payments.done.toProgram' : 'payments.done.toInvoices')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
