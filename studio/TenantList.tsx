import { Anchor, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useText } from '../engine/i18n/use-text.ts';
import { studioData, type Resource } from './api.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { useOperator } from './operator.ts';
import type { PublishedTenant } from './tenant/tenant-types.ts';

/** The tenants granted to the operator, each with its title and the revision it serves. */
export function TenantList() {
  const { t } = useText();
  const { operator } = useOperator();
  const [tenants, setTenants] = useState<Array<{ id: string; published: PublishedTenant }> | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    Promise.all(
      (operator?.tenants ?? []).map(async (id) => ({
        id,
        published: (await studioData<Resource<PublishedTenant>>(`/tenants/${id}`)).attributes,
      })),
    ).then(setTenants, setError);
  }, [operator]);
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('studioUi.tenants.title')}
      </Title>
      <ErrorNotice error={error} />
      {tenants && tenants.length === 0 && <Text>{t('studioUi.tenants.none')}</Text>}
      {tenants && tenants.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-table="studio-tenants">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('studioUi.tenants.tenant')}</Table.Th>
                <Table.Th>{t('studioUi.tenants.portalTitle')}</Table.Th>
                <Table.Th>{t('studioUi.tenants.revision')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tenants.map(({ id, published }) => (
                <Table.Tr key={id} data-row-id={id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/studio/tenants/${id}`}>
                      {id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{published.document.title}</Table.Td>
                  <Table.Td>{published.revision}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
