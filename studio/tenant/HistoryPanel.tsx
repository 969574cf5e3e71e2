import { Button, Group, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { studioData, studioRequest, type Resource } from '../api.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { formatMoment } from '../format.ts';
import { may, useOperator } from '../operator.ts';
import type { PublishedTenant } from './tenant-types.ts';
import { useBusyStep } from '../use-busy-step.ts';

interface Revision {
  revision: number;
  source: string;
  note: string | null;
  created_at: string;
  created_by: string | null;
}

/**
 * The tenant's published revisions, newest first. A publisher rolls back to an earlier one with a
 * note: it is published again as a new revision (nothing is destroyed, the API checks it anew).
 */
export function HistoryPanel({
  tenantId,
  published,
  onRolledBack,
}: {
  tenantId: string;
  published: PublishedTenant | null;
  onRolledBack(): Promise<void>;
}) {
  const { t, language } = useText();
  const { operator } = useOperator();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const { busy, error, setError, run } = useBusyStep();
  const load = useCallback(
    () =>
      studioData<Array<Resource<Revision>>>(`/tenants/${tenantId}/revisions`).then(
        (rows) => setRevisions(rows.map((row) => row.attributes)),
        setError,
      ),
    [tenantId, setError],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the published revision is the trigger: the list is read again after a publish.
  useEffect(() => {
    void load();
  }, [load, published?.revision]);

  const rollBack = async () => {
    await run(async () => {
      await studioRequest('POST', `/tenants/${tenantId}/revisions/${target}/rollback`, { note });
      setTarget(null);
      setNote('');
      await onRolledBack();
      await load();
    });
  };
  const rollsBack = may(operator, 'publish');
  return (
    <>
      <ErrorNotice error={error} />
      {target !== null && (
        <Paper
          withBorder
          p="md"
          mb="md"
          component="form"
          aria-labelledby="rollback-title"
          onSubmit={(event) => {
            event.preventDefault();
            void rollBack();
          }}
        >
          <Title order={2} size="h4" id="rollback-title" mb="xs">
            {t('studioUi.history.rollbackTitle', { revision: target })}
          </Title>
          <Text size="sm" mb="xs">
            {t('studioUi.history.rollbackExplained', { revision: target })}
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('studioUi.history.note')}
              required
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" disabled={note.trim() === ''} loading={busy}>
              {t('studioUi.history.confirm')}
            </Button>
            <Button variant="default" onClick={() => setTarget(null)}>
              {t('studioUi.history.cancel')}
            </Button>
          </Group>
        </Paper>
      )}
      {revisions && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-table="studio-revisions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('studioUi.history.revision')}</Table.Th>
                <Table.Th>{t('studioUi.history.at')}</Table.Th>
                <Table.Th>{t('studioUi.history.by')}</Table.Th>
                <Table.Th>{t('studioUi.history.note')}</Table.Th>
                {rollsBack && <Table.Th>{t('studioUi.history.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {revisions.map((row) => (
                <Table.Tr key={row.revision} data-row-id={row.revision}>
                  <Table.Td>{row.revision}</Table.Td>
                  <Table.Td>{formatMoment(row.created_at, language)}</Table.Td>
                  <Table.Td>{row.created_by ?? t(`studioUi.history.sources.${row.source}`)}</Table.Td>
                  <Table.Td>{row.note}</Table.Td>
                  {rollsBack && (
                    <Table.Td>
                      {row.revision !== published?.revision && (
                        <Button size="xs" variant="default" onClick={() => setTarget(row.revision)}>
                          {t('studioUi.history.rollback', { revision: row.revision })}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
