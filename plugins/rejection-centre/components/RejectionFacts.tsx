import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { RejectionRecord } from '../contract.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children === '' || children == null ? '—' : children}
      </Text>
    </div>
  );
}

/** "Northwind Logistics (C-1001)", the id kept on one line. */
function Named({ name, id }: { name: string | null; id: string }) {
  return (
    <>
      {name ? `${name} ` : ''}
      <span style={{ whiteSpace: 'nowrap' }}>({id})</span>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Stack gap="xs" component="dl" m={0}>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Spec §3 Rejection: customer and card information (the card masked by the API), merchant and transaction information. */
export function RejectionFacts({ rejection }: { rejection: RejectionRecord }) {
  const { t } = useText();
  const format = useFormatter();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Section title={t('rejections.detail.customerAndCard')}>
        <Fact label={t('rejections.fields.customer')}>
          <Named name={rejection.customer_name} id={rejection.buid_customer} />
        </Fact>
        <Fact label={t('rejections.fields.cardHolder')}>{rejection.card_holder}</Fact>
        <Fact label={t('rejections.fields.card')}>{rejection.card_identifier}</Fact>
      </Section>
      <Section title={t('rejections.detail.merchant')}>
        <Fact label={t('rejections.fields.merchant')}>
          <Named name={rejection.merchant_name} id={rejection.buid_merchant} />
        </Fact>
      </Section>
      <Section title={t('rejections.detail.transaction')}>
        <Fact label={t('rejections.fields.trxId')}>{rejection.trx_id}</Fact>
        <Fact label={t('rejections.fields.transactionDate')}>{format('date', rejection.transaction_date)}</Fact>
        <Fact label={t('rejections.fields.amount')}>{format('currency', rejection.amount_minor, rejection.currency)}</Fact>
        <Fact label={t('rejections.fields.product')}>{rejection.product ?? ''}</Fact>
        <Fact label={t('rejections.fields.reason')}>{rejection.reject_reason}</Fact>
        <Fact label={t('rejections.fields.status')}>{format('status', rejection.status)}</Fact>
      </Section>
    </SimpleGrid>
  );
}
