import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { cardFeeMinor, totalsByCurrency } from '../../../domain/payments.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { useSession } from '../../../engine/session/store.ts';
import { DataState } from '../../../engine/widgets/DataState.tsx';
import { CardFieldError, requestCardToken } from '../card-provider.ts';
import { AmountSummary } from '../components/AmountSummary.tsx';
import { BankAccountChoice } from '../components/BankAccountChoice.tsx';
import { CardField } from '../components/CardField.tsx';
import { CustomerChecklist } from '../components/CustomerChecklist.tsx';
import { CustomerGate } from '../components/CustomerGate.tsx';
import { InvoiceChecklist } from '../components/InvoiceChecklist.tsx';
import { MethodChoice } from '../components/MethodChoice.tsx';
import { ProblemList } from '../components/ProblemList.tsx';
import { Remittance } from '../components/Remittance.tsx';
import { chosenIds, withChosen, type CardToken, type FlowState } from '../flow-state.ts';
import { useFlow } from '../hooks/use-flow.ts';
import { chosenLines, usePaymentData } from '../hooks/use-payment-data.ts';
import { limitsOf, useProblems } from '../hooks/use-problems.ts';

/** /payment/invoices: what to pay (preselected from the router state), totals, the method, the rules live. */
export function SelectStep() {
  const { flow, go } = useFlow();
  // Program mode without its customers (the state was lost) starts again at the entry.
  const lost = flow.mode === 'PROGRAM_OVERVIEW' && flow.customers.length === 0;
  useEffect(() => {
    if (lost) go('due', { replace: true });
  }, [lost, go]);
  if (lost) return null;
  return (
    <CustomerGate mode={flow.mode}>
      <SelectForm flow={flow} />
    </CustomerGate>
  );
}

function SelectForm({ flow }: { flow: FlowState }) {
  const { t } = useText();
  const { go, update } = useFlow();
  const customer = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  const { options, invoices, loading, error } = usePaymentData(flow, customer);
  // The items offered stay those the flow brought (the data source reads them); the choice among
  // them is this form's until it moves on. Method and account go to the flow store as picked.
  const [chosen, setChosen] = useState<string[]>(chosenIds(flow));
  const pickedMethod = flow.method;
  const pickedAccount = flow.bankAccountId;
  const [cardError, setCardError] = useState<string | null>(null);
  const [tokenising, setTokenising] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  const method = pickedMethod && options?.methods.includes(pickedMethod) ? pickedMethod : options?.methods[0];
  const lines = useMemo(() => chosenLines(invoices ?? [], flow, chosen, options), [invoices, flow, chosen, options]);
  // Terms are acknowledged on the review; here every other rule shows as the user chooses.
  const problems = useProblems({ mode: flow.mode, method, lines, termsAccepted: true }, options);
  const totals = totalsByCurrency(lines);
  const payers = [...new Set(lines.map((line) => line.customer))];
  const accounts = (options?.bank_accounts ?? []).filter((account) => payers.length === 1 && account.buid_customer === payers[0]);
  const account = accounts.find((candidate) => candidate.id === pickedAccount)?.id ?? accounts[0]?.id;
  const feeMinor = options && method ? cardFeeMinor(method, limitsOf(options)) : 0;
  const invoiceIds = new Map((invoices ?? []).map((invoice) => [invoice.trxId, invoice.invoiceId]));
  const ready = Boolean(options && method) && problems.length === 0 && (method !== 'bank' || account !== undefined);

  const next = async () => {
    let card: CardToken | undefined;
    if (method === 'card') {
      if (!frame.current) return;
      setCardError(null);
      setTokenising(true);
      try {
        card = await requestCardToken(frame.current);
      } catch (reason) {
        setCardError(reason instanceof CardFieldError ? reason.code : ErrorCode.cardProviderFailed);
        return;
      } finally {
        setTokenising(false);
      }
    }
    update({ ...withChosen(flow, chosen), method, bankAccountId: method === 'bank' ? account : undefined, card, payment: undefined });
    go('confirm');
  };

  return (
    <DataState loading={loading && (!options || !invoices)} error={error} height={240}>
      <Stack gap="lg">
        {flow.mode === 'PROGRAM_OVERVIEW' ? (
          <CustomerChecklist
            customers={(options?.customers ?? []).filter((row) => flow.customers.includes(row.buid_customer))}
            chosen={chosen}
            onChange={setChosen}
          />
        ) : (
          <InvoiceChecklist invoices={invoices ?? []} chosen={chosen} onChange={setChosen} />
        )}
        <AmountSummary totals={totals} feeMinor={feeMinor} />
        <Title order={2}>{t('payments.method.title')}</Title>
        {options ? (
          <MethodChoice
            methods={options.methods}
            value={method}
            onChange={(next) => {
              update({ method: next });
              setCardError(null);
            }}
          />
        ) : null}
        {options && method === 'bank' ? (
          <BankAccountChoice accounts={accounts} value={account} onChange={(id) => update({ bankAccountId: id })} />
        ) : null}
        {options && method === 'card' ? (
          <CardField
            provider={options.provider}
            frameRef={frame}
            feeMinor={feeMinor}
            currency={totals.length === 1 ? totals[0]!.currency : undefined}
            error={cardError}
          />
        ) : null}
        {options && method === 'mail' ? <Remittance remittance={options.remittance} /> : null}
        <ProblemList problems={problems} invoiceIds={invoiceIds} />
        <Group>
          <Button
            variant="default"
            onClick={() => {
              update(withChosen(flow, chosen));
              go('due');
            }}
          >
            {t('payments.flow.back')}
          </Button>
          <Button disabled={!ready} loading={tokenising} onClick={() => void next()}>
            {t('payments.flow.continue')}
          </Button>
        </Group>
      </Stack>
    </DataState>
  );
}
