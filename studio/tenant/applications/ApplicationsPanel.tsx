import { Anchor, Group, Pagination, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCurrency, statusKey } from '../../../engine/format/formatters.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { type Resource, studioRequest } from '../../api.ts';
import { ErrorNotice } from '../../ErrorNotice.tsx';
import { formatMoment } from '../../format.ts';
import { ApplicationDetail } from './ApplicationDetail.tsx';
import { ApplicationFilters } from './ApplicationFilters.tsx';
import { type ApplicationListState, APPLICATIONS_PAGE_SIZE, listAddress, listRequest, listState } from './application-list-query.ts';
import type { StudioApplication } from './application-types.ts';

interface ApplicationPage {
  data: Array<Resource<StudioApplication>>;
  meta: { page: { number: number; size: number; total: number; pages: number } };
}

/**
 * Issue 26: the tenant's credit applications, newest first, a page at a time from the server,
 * narrowed by status and a search (number, customer, company); the list's state is in the address
 * so Back and a reload keep it. One opens by its number (?application=) with its answers,
 * documents and history, and a publisher decides it there.
 */
export function ApplicationsPanel({ tenantId }: { tenantId: string }) {
  const { t, language } = useText();
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState<ApplicationPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const opened = search.get('application');
  const state = listState(search);
  const request = listRequest(tenantId, state);
  const load = useCallback(() => {
    setError(null);
    return studioRequest<ApplicationPage>('GET', request).then(setPage, setError);
  }, [request]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read again on the way back from a decision.
  useEffect(() => {
    void load();
  }, [load, opened]);
  const show = (next: ApplicationListState) => setSearch(listAddress(next));

  if (opened && /^\d+$/.test(opened)) return <ApplicationDetail tenantId={tenantId} applicationId={opened} />;
  const rows = page?.data.map((row) => row.attributes) ?? null;
  const total = page?.meta.page.total ?? 0;
  const first = (state.page - 1) * APPLICATIONS_PAGE_SIZE;
  const filtered = state.status !== null || state.search !== '';
  const detailAddress = (id: number) => {
    const address = listAddress(state);
    address.set('application', String(id));
    return `?${address}`;
  };
  return (
    <>
      <ApplicationFilters state={state} onChange={(next) => show({ ...next, page: 1 })} />
      <ErrorNotice error={error} />
      {rows?.length === 0 && total === 0 && (
        <Text role="status" data-applications-empty={filtered ? 'filtered' : 'none'}>
          {t(filtered ? 'studioUi.applications.noMatch' : 'studioUi.applications.empty')}
        </Text>
      )}
      {rows && rows.length > 0 && (
        <>
          <Text size="sm" c="dimmed" role="status" data-applications-total={total}>
            {t('table.rangeOfTotal', { from: first + 1, to: first + rows.length, total })}
          </Text>
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
                      <Anchor component={Link} to={detailAddress(row.application_id)}>
                        {row.application_id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {row.company_name}
                      <Text size="xs" c="dimmed">
                        {[row.buid_customer, row.contact_name].filter(Boolean).join(' · ')}
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
        </>
      )}
      {page && page.meta.page.pages > 1 && (
        <Group component="nav" aria-label={t('table.pagination')} mt="sm">
          <Pagination
            total={page.meta.page.pages}
            value={state.page}
            onChange={(number) => show({ ...state, page: number })}
            withEdges
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            getItemProps={(number) => ({
              'aria-label': t('table.page', { page: number }),
              'aria-current': number === state.page ? 'page' : undefined,
            })}
          />
        </Group>
      )}
    </>
  );
}
