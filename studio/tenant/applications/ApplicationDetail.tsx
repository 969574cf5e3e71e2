import { Anchor, Grid, Paper, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { documentTypeKey, formatCurrency, formatFileSize, statusKey } from '../../../engine/format/formatters.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { studioData, type Resource } from '../../api.ts';
import { ErrorNotice } from '../../ErrorNotice.tsx';
import { formatMoment } from '../../format.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { listAddress, listState } from './application-list-query.ts';
import type { StudioApplication } from './application-types.ts';

/** One answer of the applicant: its label and value, as a definition list's pair. */
function Field({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} mb="xs" data-field={name}>
        {children}
      </Text>
    </>
  );
}

/** One credit application: what the applicant answered, its trade references, documents and history, and the decision. */
export function ApplicationDetail({ tenantId, applicationId }: { tenantId: string; applicationId: string }) {
  const { t, language } = useText();
  const [search] = useSearchParams();
  const [application, setApplication] = useState<StudioApplication | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(
    () =>
      studioData<Resource<StudioApplication>>(`/tenants/${tenantId}/applications/${applicationId}`).then(
        (data) => setApplication(data.attributes),
        setError,
      ),
    [tenantId, applicationId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const money = (minor: number) => formatCurrency(minor, application?.currency ?? 'USD', language);

  return (
    <>
      {/* Back to the list as it was: its filter, search and page stay in the address. */}
      <Anchor component={Link} to={`?${listAddress(listState(search))}`} size="sm">
        {t('studioUi.applications.back')}
      </Anchor>
      <ErrorNotice error={error} />
      {application && (
        <>
          <Title order={2} size="h3" mt="xs" mb="sm">
            {t('studioUi.applications.title', { application: application.application_id, company: application.company_name })}
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder p="md" component="dl" m={0} data-application={application.application_id}>
                <Field label={t('applications.fields.status')} name="status">
                  {t(statusKey(application.status))}
                </Field>
                <Field label={t('applications.fields.kind')} name="kind">
                  {t(statusKey(application.kind))}
                </Field>
                <Field label={t('applications.fields.requestedLimit')} name="requested_limit">
                  {money(application.requested_limit)}
                </Field>
                {application.approved_limit !== null && (
                  <Field label={t('applications.fields.approvedLimit')} name="approved_limit">
                    {money(application.approved_limit)}
                  </Field>
                )}
                <Field label={t('applications.fields.submittedAt')} name="created_at">
                  {formatMoment(application.created_at, language)}
                </Field>
                <Field label={t('applications.fields.companyName')} name="company_name">
                  {application.company_name}
                  {application.buid_customer && ` (${application.buid_customer})`}
                </Field>
                <Field label={t('applications.fields.registrationNumber')} name="registration_number">
                  {application.registration_number}
                </Field>
                <Field label={t('applications.fields.address')} name="address">
                  {application.address}, {application.country}
                </Field>
                <Field label={t('applications.form.contacts')} name="contact">
                  {application.contact_name}, {application.contact_email}, {application.contact_phone}
                </Field>
                {application.info_request && (
                  <Field label={t('applications.fields.infoRequest')} name="info_request">
                    {application.info_request}
                  </Field>
                )}
                {application.applicant_answer && (
                  <Field label={t('studioUi.applications.answer')} name="applicant_answer">
                    {application.applicant_answer}
                  </Field>
                )}
                {application.decision_note && (
                  <Field label={t('applications.fields.decisionNote')} name="decision_note">
                    {application.decision_note}
                  </Field>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <DecisionForm tenantId={tenantId} application={application} onDecided={setApplication} />
            </Grid.Col>
          </Grid>

          <Title order={3} size="h4" mt="lg" mb="xs">
            {t('applications.fields.tradeReferences')}
          </Title>
          {application.trade_references.length === 0 ? (
            <Text size="sm">{t('studioUi.applications.noReferences')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped data-table="studio-application-references">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('applications.fields.referenceName')}</Table.Th>
                    <Table.Th>{t('applications.fields.contactName')}</Table.Th>
                    <Table.Th>{t('applications.fields.contactEmail')}</Table.Th>
                    <Table.Th>{t('applications.fields.contactPhone')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {application.trade_references.map((reference) => (
                    <Table.Tr key={`${reference.name} ${reference.email}`}>
                      <Table.Td>{reference.name}</Table.Td>
                      <Table.Td>{reference.contact_name}</Table.Td>
                      <Table.Td>{reference.email}</Table.Td>
                      <Table.Td>{reference.phone}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          <Title order={3} size="h4" mt="lg" mb="xs">
            {t('applications.documents.title')}
          </Title>
          {application.documents.length === 0 ? (
            <Text size="sm">{t('applications.documents.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped data-table="studio-application-documents">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('applications.documents.fileName')}</Table.Th>
                    <Table.Th>{t('applications.documents.type')}</Table.Th>
                    <Table.Th style={{ textAlign: 'end' }}>{t('applications.documents.size')}</Table.Th>
                    <Table.Th>{t('applications.documents.uploadedAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {application.documents.map((document) => (
                    <Table.Tr key={document.document_id}>
                      <Table.Td>{document.file_name}</Table.Td>
                      <Table.Td>{t(documentTypeKey(document.document_type), { defaultValue: document.document_type })}</Table.Td>
                      <Table.Td style={{ textAlign: 'end' }}>{formatFileSize(document.file_size, language)}</Table.Td>
                      <Table.Td>{formatMoment(document.entry_ts, language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          <Title order={3} size="h4" mt="lg" mb="xs">
            {t('applications.history.title')}
          </Title>
          <Table.ScrollContainer minWidth={520}>
            <Table striped data-table="studio-application-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('applications.history.at')}</Table.Th>
                  <Table.Th>{t('applications.fields.status')}</Table.Th>
                  <Table.Th>{t('applications.history.actor')}</Table.Th>
                  <Table.Th>{t('applications.history.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {application.history.map((event, index) => (
                  <Table.Tr key={`${event.at} ${index}`}>
                    <Table.Td>{formatMoment(event.at, language)}</Table.Td>
                    <Table.Td>{t(statusKey(event.status))}</Table.Td>
                    <Table.Td>{t(statusKey(event.actor))}</Table.Td>
                    <Table.Td>{event.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </>
  );
}
