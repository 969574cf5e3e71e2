import { useMemo } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { totalsByCurrency } from '../../../domain/payments.ts';
import { useResource } from '../../../engine/data/use-resource.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { useSession } from '../../../engine/session/store.ts';
import { DataState } from '../../../engine/widgets/DataState.tsx';
import type { PaymentOptions } from '../contract.ts';
import { AmountSummary } from '../components/AmountSummary.tsx';
import { CustomerChecklist } from '../components/CustomerChecklist.tsx';
import { CustomerGate } from '../components/CustomerGate.tsx';
import type { FlowState } from '../flow-state.ts';
import { useFlow } from '../hooks/use-flow.ts';

/**
 * /payment/due, the entry. Paying one account, the screen's own table lists the selected
 * customer's payable invoices (a definition: screens/payment-due.json); this says what the
 * account may not do. Program mode lists the user's customers with what each owes.
 */
export function DueStep() {
  const { flow } = useFlow();
  return <CustomerGate mode={flow.mode}>{flow.mode === 'PROGRAM_OVERVIEW' ? <ProgramDue flow={flow} /> : <AccountDue />}</CustomerGate>;
}

function AccountDue() {
  const { t } = useText();
  const customer = useSession((session) => session.selectedCustomer);
  if (!customer || customer.paymentEligible) return <Text>{t('payments.due.intro')}</Text>;
  return (
    <Alert color="yellow" role="alert" data-problem={ErrorCode.customerNotPaymentEligible}>
      {[t(ErrorCode.customerNotPaymentEligible), customer.paymentWebText].filter(Boolean).join(': ')}
    </Alert>
  );
}

function ProgramDue({ flow }: { flow: FlowState }) {
  const { t } = useText();
  const { go, update, replace } = useFlow();
  const customers = useSession((session) => session.self?.customers);
  const ids = useMemo(() => (customers ?? []).map((customer) => customer.id), [customers]);
  const options = useResource<PaymentOptions>({ resource: '/payment-options', filter: { buid_customer: ids }, single: true });
  const chosen = flow.customers;
  const rows = options.data?.customers ?? [];
  const picked = rows.filter((row) => chosen.includes(row.buid_customer));
  const totals = totalsByCurrency(picked.map((row) => ({ currency: row.currency, amountMinor: row.payable_minor })));
  return (
    <DataState loading={options.loading && !options.data} error={options.error}>
      <Stack gap="md">
        <Text>{t('payments.due.programIntro')}</Text>
        <CustomerChecklist customers={rows} chosen={chosen} onChange={(ids) => update({ customers: ids })} />
        <AmountSummary totals={totals} feeMinor={0} />
        {picked.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(ErrorCode.noPayableSelection)}
          </Text>
        ) : null}
        <Group>
          <Button
            disabled={picked.length === 0}
            onClick={() => {
              replace({ mode: 'PROGRAM_OVERVIEW', invoices: [], customers: picked.map((row) => row.buid_customer) });
              go('invoices');
            }}
          >
            {t('payments.flow.continue')}
          </Button>
        </Group>
      </Stack>
    </DataState>
  );
}
