import { Anchor, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCurrency, statusKey } from '../../../engine/format/formatters.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { studioData, type Resource } from '../../api.ts';
import { ErrorNotice } from '../../ErrorNotice.tsx';
import { formatMoment } from '../../format.ts';
import { ApplicationDetail } from './ApplicationDetail.tsx';
import type { StudioApplication } from './application-types.ts';

/**
 * Issue 26: the tenant's credit applications, newest first; one opens by its number (?application=,
 * so a reload keeps it) with its answers, documents and history, and a publisher decides it there.
 */
export function ApplicationsPanel({ tenantId }: { tenantId: string }) {
  const { t, language } = useText();
  const [search] = useSearchParams();
  const [rows, setRows] = useState<StudioApplication[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const opened = search.get('application');
  const load = useCallback(
    () =>
      studioData<Array<Resource<StudioApplication>>>(`/tenants/${tenantId}/applications`).then(
        (data) => setRows(data.map((row) => row.attributes)),
        setError,
      ),
    [tenantId],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read again on the way back from a decision.
  useEffect(() => {
    void load();
  }, [load, opened]);

  if (opened && /^\d+$/.test(opened)) return <ApplicationDetail tenantId={tenantId} applicationId={opened} />;
  return (
    <>
      <ErrorNotice error={error} />
      {rows?.length === 0 && <Text>{t('studioUi.applications.empty')}</Text>}
      {rows && rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-table="studio-applications">
            <Table.Caption>{t('studioUi.applications.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('applications.fields.number')}</Table.Th>
                <Table.Th>{t('studioUi.applications.applicant')}</Table.Th>
                <Table.Th>{t('applications.fields.status')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('applications.fields.requestedLimit')}</Table.Th>
                <Table.Th>{t('applications.fields.submittedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.application_id} data-row-id={row.application_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`?tab=applications&application=${row.application_id}`}>
                      {row.application_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {row.company_name}
                    <Text size="xs" c="dimmed">
                      {row.contact_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(statusKey(row.status))}</Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    {formatCurrency(row.requested_limit, row.currency, language)}
                  </Table.Td>
                  <Table.Td>{formatMoment(row.created_at, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
