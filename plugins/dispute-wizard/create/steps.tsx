import { memo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DISPUTE_CONTACT_TYPES, maxDisputableMinor, type DisputeContactType } from '../../../domain/disputes.ts';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { api, ApiRequestError } from '../../../engine/data/api-client.ts';
import { invalidateResources } from '../../../engine/data/queries.ts';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { confirmDialog } from '../../../engine/shell/confirm.ts';
import { useToast } from '../../../engine/shell/toast.ts';
import type { DisputeReason, DocumentType, InvoiceRecord } from '../contract.ts';
import { documentBody } from '../shared/documents.ts';
import { DocumentField } from '../shared/DocumentField.tsx';
import { ProblemAlert, type ShownProblem } from '../shared/ProblemAlert.tsx';
import { StepButtons } from '../shared/Steps.tsx';
import type { WizardData } from './CreateWizard.tsx';
import { amountProblems, asAmountInvoice, contactProblems, reasonProblems, type Draft, type DraftPatch, type NewContact } from './draft.ts';

export interface StepProps {
  draft: Draft;
  data: WizardData;
  /** Stable across renders (CreateWizard), so the memoised fields below render only when their own value changes. */
  update(patch: DraftPatch): void;
  chargeback: boolean;
  onCancel(): void;
  onBack(): void;
  onNext(): void;
}

const chosenInvoices = (draft: Draft, data: WizardData) => data.invoices.filter((invoice) => draft.items.includes(invoice.trxId));

/** Step 1: the invoices chosen; ineligible ones flagged with their reason; removing one asks first. */
export function SelectionStep({ draft, data, update, chargeback, onCancel, onNext }: StepProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const items = chosenInvoices(draft, data);
  const ineligible = items.filter((invoice) => data.ineligible.has(invoice.trxId));
  const remove = async (ids: string[], message: string, values: Record<string, unknown>) => {
    if (!(await confirmDialog(t, 'disputes.wizard.removeTitle', message, 'disputes.wizard.removeConfirm', values))) return;
    update({ items: draft.items.filter((id) => !ids.includes(id)) });
  };
  const problems: ShownProblem[] = [];
  if (items.length === 0) problems.push({ code: chargeback ? ErrorCode.notEligibleForChargeback : 'invoices.selection.required' });
  return (
    <Stack>
      {/* On a phone the selection scrolls inside its own box, never the page (issue 26). */}
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder aria-label={t('disputes.wizard.selectionCaption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.fields.invoiceId')}</Table.Th>
              <Table.Th>{t('invoices.fields.status')}</Table.Th>
              <Table.Th ta="right">{t('invoices.fields.amount')}</Table.Th>
              <Table.Th ta="right">{t('disputes.fields.openAmount')}</Table.Th>
              <Table.Th>{t('disputes.fields.eligibility')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('disputes.wizard.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((invoice) => {
              const reason = data.ineligible.get(invoice.trxId);
              return (
                <Table.Tr key={invoice.trxId} data-trx={invoice.trxId} data-ineligible={reason ? 'true' : undefined}>
                  <Table.Td>{invoice.invoiceId}</Table.Td>
                  <Table.Td>{formatValue('status', invoice.status)}</Table.Td>
                  <Table.Td ta="right">{formatValue('currency', invoice.amountMinor, invoice.currency)}</Table.Td>
                  <Table.Td ta="right">
                    {formatValue('currency', invoice.currentDueMinor + invoice.pastDueMinor, invoice.currency)}
                  </Table.Td>
                  <Table.Td>
                    {reason ? (
                      <Badge color="red" variant="light">
                        {t('disputes.wizard.ineligible', { reason })}
                      </Badge>
                    ) : (
                      <Badge color="green" variant="light">
                        {t('disputes.wizard.eligible')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('disputes.wizard.removeOne', { invoice: invoice.invoiceId })}
                      onClick={() => void remove([invoice.trxId], 'disputes.wizard.removeMessage', { invoice: invoice.invoiceId })}
                    >
                      {t('disputes.wizard.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {ineligible.length > 0 && (
        <Alert color="red" role="alert" title={t(chargeback ? ErrorCode.notEligibleForChargeback : 'disputes.wizard.ineligibleTitle')}>
          <Text size="sm">{t('disputes.wizard.ineligibleHint', { count: ineligible.length })}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="default"
            onClick={() =>
              void remove(
                ineligible.map((invoice) => invoice.trxId),
                'disputes.wizard.continueWithoutMessage',
                { count: ineligible.length, invoices: ineligible.map((invoice) => invoice.invoiceId).join(', ') },
              )
            }
          >
            {t('disputes.wizard.continueWithout')}
          </Button>
        </Alert>
      )}
      <ProblemAlert problems={problems} />
      <StepButtons
        onCancel={onCancel}
        next={
          <Button onClick={onNext} disabled={items.length === 0 || ineligible.length > 0}>
            {t('disputes.wizard.next')}
          </Button>
        }
      />
    </Stack>
  );
}

/**
 * Step 2: the reason, description and comments; documents per invoice when the reason needs them (spec §5 file rules).
 * Each field is a memoised component fed by the stable `update`: a keystroke in the comment renders
 * that field, not the reason's select, the other text or the document fields (issue 25: at 4x CPU
 * slowdown each key re-rendered and re-measured the whole step, up to 650 ms).
 */
export function ReasonStep({ draft, data, update, onCancel, onBack, onNext }: StepProps) {
  const { t } = useText();
  const [tried, setTried] = useState(false);
  const [fileProblems, setFileProblems] = useState<ShownProblem[]>([]);
  const reason = data.reasons.find((row) => String(row.dispute_reason_id) === draft.reasonId);
  const problems = [...reasonProblems(draft, reason), ...fileProblems];
  const items = chosenInvoices(draft, data);

  return (
    <Stack>
      <ReasonSelect reasons={data.reasons} value={draft.reasonId} update={update} />
      {reason?.documentation_required === 'Y' && (
        <Alert color="blue" role="note">
          {t('disputes.wizard.documentsNeeded')}
        </Alert>
      )}
      <DraftText
        field="description"
        label={t('disputes.fields.description')}
        required
        minRows={3}
        value={draft.description}
        update={update}
      />
      <DraftText field="comment" label={t('disputes.fields.comments')} minRows={2} value={draft.comment} update={update} />
      <Title order={3} size="h5">
        {t('disputes.fields.documents')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('disputes.wizard.documentsHint')}
      </Text>
      {items.map((invoice) => (
        <InvoiceDocument
          key={invoice.trxId}
          invoice={invoice}
          value={draft.documents[invoice.trxId]}
          documentTypes={data.documentTypes}
          onProblems={setFileProblems}
          update={update}
        />
      ))}
      {tried || fileProblems.length ? <ProblemAlert problems={problems} /> : null}
      <StepButtons
        onCancel={onCancel}
        onBack={onBack}
        next={
          <Button
            onClick={() => {
              setTried(true);
              if (problems.length === 0) onNext();
            }}
          >
            {t('disputes.wizard.next')}
          </Button>
        }
      />
    </Stack>
  );
}

/** The reason chosen (step 2). */
const ReasonSelect = memo(function ReasonSelect({
  reasons,
  value,
  update,
}: {
  reasons: DisputeReason[];
  value: string | null;
  update: StepProps['update'];
}) {
  const { t } = useText();
  const formatValue = useFormatter();
  return (
    <Select
      label={t('disputes.fields.reason')}
      required
      value={value}
      onChange={(reasonId) => update({ reasonId })}
      data={reasons.map((row) => ({ value: String(row.dispute_reason_id), label: formatValue('disputeReason', row.dispute_reason) }))}
    />
  );
});

interface DraftTextProps {
  field: 'description' | 'comment';
  label: string;
  required?: boolean;
  minRows: number;
  value: string;
  update: StepProps['update'];
}

/** A text of the draft (step 2), growing with what is typed. */
const DraftText = memo(function DraftText({ field, label, required = false, minRows, value, update }: DraftTextProps) {
  return (
    <Textarea
      label={label}
      required={required}
      autosize
      minRows={minRows}
      maxLength={2000}
      value={value}
      onChange={(event) => update({ [field]: event.currentTarget.value })}
    />
  );
});

interface InvoiceDocumentProps {
  invoice: InvoiceRecord;
  value: Draft['documents'][string];
  documentTypes: DocumentType[];
  onProblems(problems: ShownProblem[]): void;
  update: StepProps['update'];
}

/** The supporting document of one invoice (step 2). */
const InvoiceDocument = memo(function InvoiceDocument({ invoice, value, documentTypes, onProblems, update }: InvoiceDocumentProps) {
  const { t } = useText();
  return (
    <DocumentField
      data-document-for={invoice.trxId}
      label={t('disputes.wizard.documentFor', { invoice: invoice.invoiceId })}
      value={value}
      documentTypes={documentTypes}
      onProblems={onProblems}
      onChange={(document) => update((draft) => ({ documents: { ...draft.documents, [invoice.trxId]: document } }))}
    />
  );
});

/** Step 3: the disputed amount per invoice, never more than may be disputed on it. */
export function AmountStep({ draft, data, update, onCancel, onBack, onNext }: StepProps) {
  const { t } = useText();
  const items = chosenInvoices(draft, data);
  const problems = amountProblems(draft, data.invoices);
  const problemOf = new Map(problems.map((problem) => [problem.trxId, problem.code]));
  return (
    <Stack>
      <Text size="sm">{t('disputes.wizard.amountsHint')}</Text>
      {items.map((invoice) => (
        <AmountField
          key={invoice.trxId}
          invoice={invoice}
          amount={draft.amounts[invoice.trxId]}
          problem={problemOf.get(invoice.trxId)}
          update={update}
        />
      ))}
      <StepButtons
        onCancel={onCancel}
        onBack={onBack}
        next={
          <Button onClick={onNext} disabled={problems.length > 0}>
            {t('disputes.wizard.next')}
          </Button>
        }
      />
    </Stack>
  );
}

interface AmountFieldProps {
  invoice: InvoiceRecord;
  /** In minor units; undefined: all that may be disputed. */
  amount: number | undefined;
  problem: string | undefined;
  update: StepProps['update'];
}

/** One invoice's disputed amount (step 3): a keystroke renders this field alone. */
const AmountField = memo(function AmountField({ invoice, amount, problem, update }: AmountFieldProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const max = maxDisputableMinor(asAmountInvoice(invoice));
  const maxText = formatValue('currency', max, invoice.currency);
  return (
    <NumberInput
      maw={360}
      decimalScale={2}
      fixedDecimalScale
      min={0}
      label={t('disputes.wizard.amountFor', { invoice: invoice.invoiceId })}
      description={t('disputes.wizard.amountMax', { amount: maxText })}
      value={(amount ?? max) / 100}
      error={problem ? t(problem, { amount: maxText }) : undefined}
      onChange={(value) =>
        update((draft) => ({ amounts: { ...draft.amounts, [invoice.trxId]: Math.round(Number(value === '' ? 0 : value) * 100) } }))
      }
    />
  );
});

const blankContact = (): NewContact => ({ name: '', email_address: '', contact_type: 'Primary' });

/** Step 4: contacts of the user's group, and new ones with name, email and contact type. */
export function ContactsStep({ draft, data, update, onCancel, onBack, onNext }: StepProps) {
  const { t } = useText();
  const [adding, setAdding] = useState<NewContact>(blankContact);
  const [tried, setTried] = useState(false);
  const addProblems = contactProblems(adding);
  return (
    <Stack>
      <Checkbox.Group
        label={t('disputes.wizard.groupContacts')}
        value={draft.groupContacts}
        onChange={(value) => update({ groupContacts: value })}
      >
        <Stack gap="xs" mt="xs">
          {data.contacts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('disputes.wizard.noGroupContacts')}
            </Text>
          )}
          {data.contacts.map((contact) => (
            <Checkbox
              key={contact.id}
              value={contact.id}
              label={`${contact.contact_name ?? ''} <${contact.email_address ?? ''}> · ${t(`disputes.contactTypes.${contact.dispute_contact_type ?? 'Primary'}`)}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {draft.newContacts.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('disputes.wizard.newContacts')}
          </Title>
          {draft.newContacts.map((contact, index) => (
            <Group key={`${contact.email_address}-${index}`} gap="xs">
              <Text size="sm">
                {contact.name} &lt;{contact.email_address}&gt; · {t(`disputes.contactTypes.${contact.contact_type}`)}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={t('disputes.wizard.removeContact', { name: contact.name })}
                onClick={() => update({ newContacts: draft.newContacts.filter((_, at) => at !== index) })}
              >
                {t('disputes.wizard.remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('disputes.wizard.addContact')}
      </Title>
      <Group align="end" grow>
        <TextInput
          label={t('disputes.fields.contactName')}
          value={adding.name}
          maxLength={200}
          onChange={(event) => setAdding({ ...adding, name: event.currentTarget.value })}
        />
        <TextInput
          label={t('disputes.fields.email')}
          type="email"
          value={adding.email_address}
          maxLength={254}
          onChange={(event) => setAdding({ ...adding, email_address: event.currentTarget.value })}
        />
        <Select
          label={t('disputes.fields.contactType')}
          value={adding.contact_type}
          allowDeselect={false}
          onChange={(value) => setAdding({ ...adding, contact_type: (value ?? 'Primary') as DisputeContactType })}
          data={DISPUTE_CONTACT_TYPES.map((type) => ({ value: type, label: t(`disputes.contactTypes.${type}`) }))}
        />
      </Group>
      {tried && <ProblemAlert problems={addProblems} />}
      <Group>
        <Button
          variant="default"
          onClick={() => {
            setTried(true);
            if (addProblems.length) return;
            update({
              newContacts: [...draft.newContacts, { ...adding, name: adding.name.trim(), email_address: adding.email_address.trim() }],
            });
            setAdding(blankContact());
            setTried(false);
          }}
        >
          {t('disputes.wizard.addContactButton')}
        </Button>
      </Group>
      <StepButtons onCancel={onCancel} onBack={onBack} next={<Button onClick={onNext}>{t('disputes.wizard.next')}</Button>} />
    </Stack>
  );
}

/** The body of POST /ecaas/disputes from the draft; files read and encoded. */
async function requestBody(draft: Draft, data: WizardData, chargeback: boolean) {
  const items = chosenInvoices(draft, data);
  const documents = await Promise.all(
    items.flatMap((invoice) => {
      const document = draft.documents[invoice.trxId];
      return document ? [documentBody(document).then((body) => ({ trx_id: invoice.trxId, ...body }))] : [];
    }),
  );
  const groupContacts = data.contacts
    .filter((contact) => draft.groupContacts.includes(contact.id))
    .map((contact) => ({
      name: contact.contact_name ?? '',
      email_address: contact.email_address ?? '',
      contact_type: (DISPUTE_CONTACT_TYPES as readonly string[]).includes(contact.dispute_contact_type ?? '')
        ? (contact.dispute_contact_type as DisputeContactType)
        : 'Primary',
    }));
  return {
    invoice_ids: items.map((invoice) => invoice.trxId),
    dispute_reason_id: Number(draft.reasonId),
    description: draft.description.trim(),
    ...(draft.comment.trim() ? { comment: draft.comment.trim() } : {}),
    is_chargeback: chargeback,
    amounts: items.map((invoice) => ({
      trx_id: invoice.trxId,
      amount_minor: draft.amounts[invoice.trxId] ?? maxDisputableMinor(asAmountInvoice(invoice)),
    })),
    ...(documents.length ? { documents } : {}),
    ...(groupContacts.length + draft.newContacts.length ? { contacts: [...groupContacts, ...draft.newContacts] } : {}),
  };
}

/** Step 5: everything as it will be sent; Submit writes it all at once. */
export function ReviewStep({ draft, data, chargeback, onCancel, onBack, onDone }: StepProps & { onDone(): void }) {
  const { t } = useText();
  const toast = useToast();
  const formatValue = useFormatter();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ShownProblem | null>(null);
  const items = chosenInvoices(draft, data);
  const reason = data.reasons.find((row) => String(row.dispute_reason_id) === draft.reasonId);
  const contacts = [
    ...data.contacts
      .filter((contact) => draft.groupContacts.includes(contact.id))
      .map((contact) => `${contact.contact_name ?? ''} <${contact.email_address ?? ''}>`),
    ...draft.newContacts.map((contact) => `${contact.name} <${contact.email_address}>`),
  ];

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      await api.post('/ecaas/disputes', await requestBody(draft, data, chargeback));
      toast('success', chargeback ? 'disputes.wizard.chargebackSubmitted' : 'disputes.wizard.submitted', { count: items.length });
      void invalidateResources(queryClient);
      onDone();
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : ErrorCode.disputeSubmitError;
      // Contacts refused by the API: "Adding dispute contacts failed" (spec §8); anything else keeps the API's reason.
      const pointer = error instanceof ApiRequestError ? (error.errors[0]?.source?.pointer ?? '') : '';
      const shown = pointer.startsWith('/contacts') ? ErrorCode.disputeContactsFailed : code;
      const values = error instanceof ApiRequestError ? error.meta : {};
      setFailure({ code: shown, values });
      toast('error', ErrorCode.disputeSubmitError);
    } finally {
      setSubmitting(false);
    }
  };

  const row = (label: string, value: string) => (
    <Table.Tr>
      <Table.Th scope="row" w={220}>
        {t(label)}
      </Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack>
      <Table withTableBorder aria-label={t('disputes.wizard.steps.review')}>
        <Table.Tbody>
          {row('disputes.fields.kind', t(chargeback ? 'disputes.kind.chargeback' : 'disputes.kind.dispute'))}
          {row(
            'disputes.fields.invoices',
            items
              .map(
                (invoice: InvoiceRecord) =>
                  `${invoice.invoiceId}: ${formatValue('currency', draft.amounts[invoice.trxId] ?? maxDisputableMinor(asAmountInvoice(invoice)), invoice.currency)}`,
              )
              .join('\n'),
          )}
          {row('disputes.fields.reason', formatValue('disputeReason', reason?.dispute_reason))}
          {row('disputes.fields.description', draft.description.trim())}
          {row('disputes.fields.comments', draft.comment.trim() || '—')}
          {row(
            'disputes.fields.documents',
            items
              .flatMap((invoice) =>
                draft.documents[invoice.trxId] ? [`${invoice.invoiceId}: ${draft.documents[invoice.trxId]?.file.name ?? ''}`] : [],
              )
              .join('\n') || '—',
          )}
          {row('disputes.fields.contacts', contacts.join('\n') || '—')}
        </Table.Tbody>
      </Table>
      {failure && <ProblemAlert problems={[failure]} />}
      <StepButtons
        onCancel={onCancel}
        onBack={onBack}
        next={
          <Button onClick={() => void submit()} loading={submitting}>
            {t(chargeback ? 'disputes.wizard.submitChargeback' : 'disputes.wizard.submit')}
          </Button>
        }
      />
    </Stack>
  );
}
