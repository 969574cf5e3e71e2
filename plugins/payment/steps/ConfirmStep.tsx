import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../engine/routing/Link.tsx';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { cardFeeMinor, totalsByCurrency } from '../../../domain/payments.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { landingPathFor } from '../../../engine/routing/landing.ts';
import { usePortalPath } from '../../../engine/routing/navigation.ts';
import { sessionStore, useSession } from '../../../engine/session/store.ts';
import { DataState } from '../../../engine/widgets/DataState.tsx';
import type { PaymentBody } from '../contract.ts';
import { AmountSummary } from '../components/AmountSummary.tsx';
import { accountLabel } from '../components/BankAccountChoice.tsx';
import { Confirmation } from '../components/Confirmation.tsx';
import { CustomerGate } from '../components/CustomerGate.tsx';
import { Figure } from '../components/Figure.tsx';
import { METHOD_LABEL } from '../components/MethodChoice.tsx';
import { ProblemList } from '../components/ProblemList.tsx';
import { Remittance } from '../components/Remittance.tsx';
import { chosenIds, type FlowState } from '../flow-state.ts';
import { useFlow } from '../hooks/use-flow.ts';
import { chosenLines, usePaymentData } from '../hooks/use-payment-data.ts';
import { limitsOf, useProblems } from '../hooks/use-problems.ts';
import { useSubmitPayment } from '../hooks/use-submit-payment.ts';
import { useToast } from '../../../engine/shell/toast.ts';

/** /payment/confirm: review, terms, pay; afterwards (also after a reload) the confirmation. */
export function ConfirmStep() {
  const { t } = useText();
  const portalPath = usePortalPath();
  const { flow } = useFlow();
  if (flow.payment) return <Confirmation payment={flow.payment} mode={flow.mode} />;
  if (!flow.method || chosenIds(flow).length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>{t('payments.confirm.nothingToReview')}</Text>
        <Button component={Link} to={portalPath('/payment/due')}>
          {t('payments.flow.start')}
        </Button>
      </Stack>
    );
  }
  return (
    <CustomerGate mode={flow.mode}>
      <Review flow={flow} />
    </CustomerGate>
  );
}

function Review({ flow }: { flow: FlowState }) {
  const { t } = useText();
  const portalPath = usePortalPath();
  const { go, update } = useFlow();
  const customer = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  const { options, invoices, loading, error } = usePaymentData(flow, customer);
  const [terms, setTerms] = useState(false);
  const [termsShown, showTerms] = useState(false);
  const submission = useSubmitPayment();
  const toast = useToast();
  const method = flow.method!;
  const lines = useMemo(() => chosenLines(invoices ?? [], flow, chosenIds(flow), options), [invoices, flow, options]);
  const problems = useProblems({ mode: flow.mode, method, lines, termsAccepted: terms }, options);
  const blocking = problems.filter((problem) => problem.code !== ErrorCode.termsNotAccepted);
  const feeMinor = options ? cardFeeMinor(method, limitsOf(options)) : 0;
  const account = options?.bank_accounts.find((candidate) => candidate.id === flow.bankAccountId);
  const invoiceIds = new Map((invoices ?? []).map((invoice) => [invoice.trxId, invoice.invoiceId]));
  const paying =
    flow.mode === 'PROGRAM_OVERVIEW'
      ? (options?.customers ?? []).filter((row) => flow.customers.includes(row.buid_customer)).map((row) => row.customer_name)
      : lines.map((line) => invoiceIds.get(line.trxId) ?? line.trxId);
  const means =
    method === 'bank' && account
      ? accountLabel(account)
      : method === 'card' && flow.card
        ? `${flow.card.brand} •••• ${flow.card.last4}`
        : '';

  const pay = async () => {
    if (method === 'mail') return;
    if (!terms) {
      showTerms(true);
      return;
    }
    const body: PaymentBody = {
      mode: flow.mode,
      method,
      terms_accepted: true,
      ...(flow.mode === 'PROGRAM_OVERVIEW' ? { customers: flow.customers } : { invoices: flow.invoices }),
      ...(method === 'bank' ? { bank_account_id: flow.bankAccountId } : { card_token: flow.card?.token }),
    };
    const outcome = await submission.submit(body);
    if (outcome.payment) {
      toast('success', 'payments.done.toast');
      update({ payment: outcome.payment });
      go('confirm', { replace: true });
    } else if (outcome.error) {
      toast('error', outcome.error.code, outcome.error.meta);
    }
  };

  return (
    <DataState loading={loading && (!options || !invoices)} error={error} height={240}>
      <Stack gap="lg">
        <Stack component="dl" gap="xs" m={0}>
          <Figure
            label={t(flow.mode === 'PROGRAM_OVERVIEW' ? 'payments.confirm.customers' : 'payments.confirm.invoices', {
              count: paying.length,
            })}
            figure="paying"
            value={paying.join(', ')}
          />
          <Figure label={t('payments.method.label')} figure="method" value={[t(METHOD_LABEL[method]), means].filter(Boolean).join(' · ')} />
        </Stack>
        <AmountSummary totals={totalsByCurrency(lines)} feeMinor={feeMinor} />
        {method === 'mail' ? (
          <>
            {options ? <Remittance remittance={options.remittance} /> : null}
            <Group>
              <Button component={Link} to={portalPath(landingPathFor(sessionStore.get()))}>
                {t('payments.flow.done')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Title order={2}>{t('payments.confirm.termsTitle')}</Title>
            <Checkbox
              label={t('payments.confirm.terms')}
              checked={terms}
              aria-invalid={termsShown && !terms}
              onChange={(event) => {
                setTerms(event.currentTarget.checked);
                showTerms(false);
              }}
            />
            {termsShown && !terms ? (
              <Alert color="red" role="alert" data-problem={ErrorCode.termsNotAccepted}>
                {t(ErrorCode.termsNotAccepted)}
              </Alert>
            ) : null}
            <ProblemList problems={blocking} invoiceIds={invoiceIds} />
            {submission.error ? (
              <Alert color="red" role="alert" data-payment-error={submission.error.code}>
                {t(submission.error.code, submission.error.meta)}
              </Alert>
            ) : null}
            <Group>
              <Button
                variant="default"
                disabled={submission.submitting}
                onClick={() => {
                  update({ card: undefined });
                  go('invoices');
                }}
              >
                {t('payments.flow.back')}
              </Button>
              <Button onClick={() => void pay()} loading={submission.submitting} disabled={blocking.length > 0 || !options}>
                {t('payments.confirm.pay')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </DataState>
  );
}
