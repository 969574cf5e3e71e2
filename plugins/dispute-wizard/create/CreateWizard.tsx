import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Title } from '@mantine/core';
import type { ResourceObject } from '../../../engine/data/api-client.ts';
import { useResource } from '../../../engine/data/use-resource.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { useSession } from '../../../engine/session/store.ts';
import { DataState } from '../../../engine/widgets/DataState.tsx';
import type { DisputeReason, DocumentType, GroupContact, IneligibleTrx, InvoiceRecord } from '../contract.ts';
import { idList, useLeaveFlow } from '../shared/flow.ts';
import { Steps } from '../shared/Steps.tsx';
import { emptyDraft, hasInput, type Draft, type DraftPatch } from './draft.ts';
import { AmountStep, ContactsStep, ReasonStep, ReviewStep, SelectionStep } from './steps.tsx';

const STEPS = [
  'disputes.wizard.steps.selection',
  'disputes.wizard.steps.reason',
  'disputes.wizard.steps.amounts',
  'disputes.wizard.steps.contacts',
  'disputes.wizard.steps.review',
] as const;

export interface WizardData {
  invoices: InvoiceRecord[];
  ineligible: Map<string, string>;
  reasons: DisputeReason[];
  contacts: Array<GroupContact & { id: string }>;
  documentTypes: DocumentType[];
}

const attributes = <T,>(rows: Array<ResourceObject<T>> | undefined) => rows?.map((row) => row.attributes) ?? [];

/**
 * /dispute/create?invoiceIds=a,b (chargeback=true for the chargeback variant): selection, reason
 * and documents, amounts, contacts, review, submit. Nothing is written before Submit; Cancel at
 * any step leaves (asking first when there is input).
 */
export function CreateWizard() {
  const { t } = useText();
  const [search] = useSearchParams();
  const initialItems = useMemo(() => idList(search.get('invoiceIds')), [search]);
  const chargeback = search.get('chargeback') === 'true';
  const customer = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialItems));
  const [step, setStep] = useState(0);
  // Stable, so the steps' memoised fields render only when their own value changes (steps.tsx).
  const update = useCallback(
    (patch: DraftPatch) => setDraft((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) })),
    [],
  );
  const { cancel, leave } = useLeaveFlow(hasInput(draft, initialItems), '/dispute-center');

  const asked = initialItems.length > 0;
  const invoices = useResource<Array<ResourceObject<InvoiceRecord>>>({
    resource: '/invoices',
    filter: { buid_customer: customer, trx_id: asked ? initialItems : null },
    params: { 'page[size]': 100 },
  });
  const ineligible = useResource<Array<ResourceObject<IneligibleTrx>>>({
    resource: '/customer-dispute-ineligible-trxs',
    filter: { trx_id: asked ? initialItems : null },
  });
  const reasons = useResource<Array<ResourceObject<DisputeReason>>>({ resource: '/customer-dispute-reasons' });
  const contacts = useResource<Array<ResourceObject<GroupContact>>>({ resource: '/ecaas/user-group-contacts' });
  const documentTypes = useResource<Array<ResourceObject<DocumentType>>>({ resource: '/document-types' });

  const data: WizardData = useMemo(
    () => ({
      // In the order the user chose them.
      invoices: attributes(invoices.data).sort((a, b) => initialItems.indexOf(a.trxId) - initialItems.indexOf(b.trxId)),
      ineligible: new Map(attributes(ineligible.data).map((row) => [row.trx_id, row.ineligible_reason])),
      reasons: attributes(reasons.data),
      contacts: (contacts.data ?? []).map((row) => ({ ...row.attributes, id: row.id })),
      documentTypes: attributes(documentTypes.data),
    }),
    [invoices.data, ineligible.data, reasons.data, contacts.data, documentTypes.data, initialItems],
  );

  if (!asked) {
    return (
      <Alert color="red" role="alert" title={t('disputes.wizard.noSelectionTitle')}>
        {t('invoices.selection.required')}
        <div>
          <Button mt="sm" variant="default" onClick={leave}>
            {t('disputes.wizard.toCentre')}
          </Button>
        </div>
      </Alert>
    );
  }

  const loading = invoices.loading || ineligible.loading || reasons.loading;
  const error = invoices.error ?? ineligible.error ?? reasons.error;
  const props = {
    draft,
    data,
    update,
    chargeback,
    onCancel: () => void cancel(),
    onBack: () => setStep(step - 1),
    onNext: () => setStep(step + 1),
  };
  return (
    <DataState loading={loading} error={error} height={240}>
      <Title order={2} size="h4" mb="sm">
        {t(chargeback ? 'disputes.wizard.chargebackTitle' : 'disputes.wizard.disputeTitle')}
      </Title>
      <Steps labels={STEPS} active={step}>
        {step === 0 && <SelectionStep {...props} />}
        {step === 1 && <ReasonStep {...props} />}
        {step === 2 && <AmountStep {...props} />}
        {step === 3 && <ContactsStep {...props} />}
        {step === 4 && <ReviewStep {...props} onDone={leave} />}
      </Steps>
    </DataState>
  );
}
