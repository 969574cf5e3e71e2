import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Checkbox, List, Radio, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  ACTION_TEXT_KEYS,
  commonResponses,
  ineligibleForBulkResponse,
  ineligibleForBulkSelection,
  sideOfUserType,
  type DisputeAction,
  type DisputeSide,
  type DisputeStatus,
} from '../../../domain/disputes.ts';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { api, ApiRequestError, type ResourceObject } from '../../../engine/data/api-client.ts';
import { invalidateResources } from '../../../engine/data/queries.ts';
import { useResource } from '../../../engine/data/use-resource.ts';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { useSession } from '../../../engine/session/store.ts';
import { useToast } from '../../../engine/shell/toast.ts';
import { DataState } from '../../../engine/widgets/DataState.tsx';
import type { DisputeRecord, DocumentType } from '../contract.ts';
import { DocumentField } from '../shared/DocumentField.tsx';
import { documentBody, documentTypeLimitProblems, documentTypeProblems, type ChosenDocument } from '../shared/documents.ts';
import { idList, useLeaveFlow } from '../shared/flow.ts';
import { ProblemAlert, type ShownProblem } from '../shared/ProblemAlert.tsx';
import { StepButtons, Steps } from '../shared/Steps.tsx';

const STEPS = ['disputes.respond.steps.select', 'disputes.respond.steps.respond', 'disputes.respond.steps.review'] as const;

/**
 * /dispute-center/respond?disputeIds=1,2[&action=escalate] (spec §2, §4; Admin): select, respond,
 * review, submit. Only disputes in one status and not expired can be answered together; the
 * others are listed as ineligible and cannot be chosen. Cancel leaves the disputes unchanged.
 */
export function RespondFlow() {
  const { t } = useText();
  const [search] = useSearchParams();
  const side = useSession((session) => sideOfUserType(session.userType));
  const asked = useMemo(() => idList(search.get('disputeIds')).filter((id) => /^\d{1,15}$/.test(id)), [search]);
  const disputes = useResource<Array<ResourceObject<DisputeRecord>>>({
    resource: `/ecaas/${side ?? 'customer'}-disputes`,
    filter: { dispute_id: asked.length ? asked : null },
    params: { 'page[size]': 200 },
  });
  const documentTypes = useResource<Array<ResourceObject<DocumentType>>>({ resource: '/document-types' });
  if (!side || asked.length === 0) {
    return (
      <Alert color="red" role="alert">
        {t('disputes.respond.noneSelected')}
      </Alert>
    );
  }
  return (
    <DataState loading={disputes.loading || documentTypes.loading} error={disputes.error ?? documentTypes.error} height={200}>
      <RespondSteps
        side={side}
        asked={asked}
        rows={(disputes.data ?? []).map((row) => ({ ...row.attributes, status: row.attributes.status as DisputeStatus }))}
        documentTypes={(documentTypes.data ?? []).map((row) => row.attributes)}
        preset={search.get('action')}
      />
    </DataState>
  );
}

type Row = DisputeRecord & { status: DisputeStatus };

interface RespondStepsProps {
  side: DisputeSide;
  asked: string[];
  rows: Row[];
  documentTypes: DocumentType[];
  preset: string | null;
}

function RespondSteps({ side, asked, rows, documentTypes, preset }: RespondStepsProps) {
  const { t } = useText();
  const toast = useToast();
  const formatValue = useFormatter();
  const queryClient = useQueryClient();
  const now = new Date();
  // In the order the user chose them.
  const ordered = useMemo(
    () => [...rows].sort((a, b) => asked.indexOf(String(a.dispute_id)) - asked.indexOf(String(b.dispute_id))),
    [rows, asked],
  );
  const ineligible = new Set(ineligibleForBulkSelection(ordered, now));
  const eligible = ordered.filter((row) => !ineligible.has(row.dispute_id));
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<string[]>(() => eligible.map((row) => String(row.dispute_id)));
  const selected = eligible.filter((row) => chosen.includes(String(row.dispute_id)));
  const actions = commonResponses(selected, side);
  const [action, setAction] = useState<DisputeAction | null>(() =>
    (actions as string[]).includes(preset ?? '') ? (preset as DisputeAction) : null,
  );
  const [comment, setComment] = useState('');
  // Supporting documents (issue 14): stored on every dispute answered; required when a chosen dispute's reason needs them.
  const [documents, setDocuments] = useState<ChosenDocument[]>([]);
  const [fileProblems, setFileProblems] = useState<ShownProblem[]>([]);
  const maxFiles = useSession((session) => session.config?.limits.files.maxFilesPerUpload ?? 1);
  const documentsRequired = selected.some((row) => row.documentation_required === 'Y');
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ShownProblem | null>(null);
  const { cancel, leave } = useLeaveFlow(comment.trim() !== '' || action !== null || documents.length > 0, '/dispute-center');

  const respondProblems: ShownProblem[] = [];
  if (!action) respondProblems.push({ code: ErrorCode.fieldRequired, values: { field: 'disputes.fields.response' } });
  if (comment.trim() === '') respondProblems.push({ code: ErrorCode.fieldRequired, values: { field: 'disputes.fields.comment' } });
  if (documentsRequired && documents.length === 0) respondProblems.push({ code: ErrorCode.disputeDocumentRequired });
  respondProblems.push(...documentTypeProblems(documents), ...documentTypeLimitProblems(documents, documentTypes));
  // The chosen action must suit every chosen dispute (domain rule, the API checks it again).
  const refused = action ? ineligibleForBulkResponse(selected, side, action, now) : [];

  const submit = async () => {
    if (!action) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const attached = await Promise.all(documents.map(documentBody));
      await api.post(`/ecaas/${side}-dispute-response`, {
        dispute_ids: selected.map((row) => row.dispute_id),
        action,
        comment: comment.trim(),
        ...(attached.length ? { documents: attached } : {}),
      });
      toast('success', 'disputes.respond.submitted', { count: selected.length });
      void invalidateResources(queryClient);
      leave();
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : ErrorCode.disputeResponseError;
      setFailure({ code, values: error instanceof ApiRequestError ? error.meta : {} });
      toast('error', ErrorCode.disputeResponseError);
    } finally {
      setSubmitting(false);
    }
  };

  const label = (row: Row) =>
    t('disputes.respond.disputeLabel', {
      invoice: row.invoice_id,
      reason: formatValue('disputeReason', row.reason),
      status: formatValue('status', row.status),
      amount: formatValue('currency', row.amount_minor, row.currency),
    });

  return (
    <Steps labels={STEPS} active={step}>
      {step === 0 && (
        <Stack>
          {eligible.length > 0 && (
            <Checkbox.Group label={t('disputes.respond.choose')} value={chosen} onChange={setChosen}>
              <Stack gap="xs" mt="xs">
                {eligible.map((row) => (
                  <Checkbox key={row.dispute_id} value={String(row.dispute_id)} label={label(row)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {ineligible.size > 0 && (
            <Alert color="red" role="alert" title={t(ErrorCode.ineligibleDisputes)} data-ineligible={[...ineligible].join(',')}>
              <List size="sm">
                {ordered
                  .filter((row) => ineligible.has(row.dispute_id))
                  .map((row) => (
                    <List.Item key={row.dispute_id}>
                      {label(row)}{' '}
                      {row.expired ? (
                        <Badge color="red" variant="light">
                          {t('disputes.centre.expired')}
                        </Badge>
                      ) : null}
                    </List.Item>
                  ))}
              </List>
            </Alert>
          )}
          {asked.length > ordered.length && (
            <Text size="sm" c="dimmed">
              {t('disputes.respond.someNotFound', { count: asked.length - ordered.length })}
            </Text>
          )}
          {eligible.length === 0 && <ProblemAlert problems={[{ code: ErrorCode.unableToRespondToDisputes }]} />}
          <StepButtons
            onCancel={() => void cancel()}
            next={
              <Button disabled={selected.length === 0} onClick={() => setStep(1)}>
                {t('disputes.wizard.next')}
              </Button>
            }
          />
        </Stack>
      )}
      {step === 1 && (
        <Stack>
          <Radio.Group
            label={t('disputes.fields.response')}
            required
            value={action ?? ''}
            onChange={(value) => setAction(value as DisputeAction)}
          >
            <Stack gap="xs" mt="xs">
              {actions.map((option) => (
                <Radio key={option} value={option} label={t(`disputes.actions.${ACTION_TEXT_KEYS[option]}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('disputes.fields.comment')}
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Title order={3} size="h5">
            {t('disputes.fields.documents')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(documentsRequired ? 'disputes.respond.documentsRequired' : 'disputes.respond.documentsOptional', { maximum: maxFiles })}
          </Text>
          {/* One field per document chosen, and one more while the tenant's maximum allows. */}
          {[...documents, undefined].slice(0, maxFiles).map((document, index) => (
            <DocumentField
              key={index}
              data-response-document={index}
              value={document}
              documentTypes={documentTypes}
              label={t('disputes.respond.documentLabel', { number: index + 1 })}
              onProblems={setFileProblems}
              onChange={(chosen) =>
                setDocuments(
                  chosen
                    ? [...documents.slice(0, index), chosen, ...documents.slice(index + 1)]
                    : documents.filter((_, at) => at !== index),
                )
              }
            />
          ))}
          {fileProblems.length > 0 && <ProblemAlert problems={fileProblems} />}
          {tried && <ProblemAlert problems={respondProblems} />}
          {refused.length > 0 && <ProblemAlert problems={[{ code: ErrorCode.ineligibleDisputes }]} />}
          <StepButtons
            onCancel={() => void cancel()}
            onBack={() => setStep(0)}
            next={
              <Button
                onClick={() => {
                  setTried(true);
                  if (respondProblems.length === 0 && refused.length === 0) setStep(2);
                }}
              >
                {t('disputes.wizard.next')}
              </Button>
            }
          />
        </Stack>
      )}
      {step === 2 && action && (
        <Stack>
          <Table withTableBorder aria-label={t('disputes.respond.steps.review')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" w={220}>
                  {t('disputes.respond.disputes')}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{selected.map(label).join('\n')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('disputes.fields.response')}</Table.Th>
                <Table.Td>{t(`disputes.actions.${ACTION_TEXT_KEYS[action]}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('disputes.fields.comment')}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{comment.trim()}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('disputes.fields.documents')}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }} data-review-documents>
                  {documents
                    .map(
                      (document) =>
                        `${document.file.name} · ${formatValue('documentType', documentTypes.find((type) => String(type.doc_type_id) === document.docTypeId)?.document_type)}`,
                    )
                    .join('\n') || '—'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {failure && <ProblemAlert problems={[failure]} />}
          <StepButtons
            onCancel={() => void cancel()}
            onBack={() => setStep(1)}
            next={
              <Button loading={submitting} onClick={() => void submit()}>
                {t('disputes.respond.submit')}
              </Button>
            }
          />
        </Stack>
      )}
    </Steps>
  );
}
