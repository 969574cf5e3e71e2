import { Anchor, Table } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { STUDIO_API, studioData, type Resource } from '../api.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { formatMoment } from '../format.ts';

interface AuditRow {
  at: string;
  operator: string;
  action: string;
  draft_id: number | null;
  revision: number | null;
  note: string | null;
}

/** The studio's audit log of the tenant (publishers and auditors): who did what and when, and its CSV export. */
export function AuditPanel({ tenantId }: { tenantId: string }) {
  const { t, language } = useText();
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    studioData<Array<Resource<AuditRow>>>(`/tenants/${tenantId}/audit`).then(
      (data) => setRows(data.map((row) => row.attributes)),
      setError,
    );
  }, [tenantId]);
  return (
    <>
      <ErrorNotice error={error} />
      <Anchor href={`${STUDIO_API}/tenants/${tenantId}/audit.csv`} download mb="sm" display="inline-block">
        {t('studioUi.audit.download')}
      </Anchor>
      {rows && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-table="studio-audit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('studioUi.audit.at')}</Table.Th>
                <Table.Th>{t('studioUi.audit.operator')}</Table.Th>
                <Table.Th>{t('studioUi.audit.action')}</Table.Th>
                <Table.Th>{t('studioUi.audit.revision')}</Table.Th>
                <Table.Th>{t('studioUi.audit.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={`${row.at} ${index}`}>
                  <Table.Td>{formatMoment(row.at, language)}</Table.Td>
                  <Table.Td>{row.operator}</Table.Td>
                  <Table.Td>{t(`studioUi.audit.actions.${row.action}`)}</Table.Td>
                  <Table.Td>{row.revision ?? ''}</Table.Td>
                  <Table.Td>{row.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
