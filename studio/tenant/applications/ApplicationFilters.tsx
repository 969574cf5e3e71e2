import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../domain/credit-applications.ts';
import { statusKey } from '../../../engine/format/formatters.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { ApplicationListState } from './application-list-query.ts';

/**
 * The applications list's status filter (applies when chosen) and search (applies when sent, so
 * each word typed is not a request and an entry in the history).
 */
export function ApplicationFilters({ state, onChange }: { state: ApplicationListState; onChange: (next: ApplicationListState) => void }) {
  const { t } = useText();
  const [words, setWords] = useState(state.search);
  // Back and Forward change the address: the field follows it.
  useEffect(() => setWords(state.search), [state.search]);
  const filtered = state.status !== null || state.search !== '';
  return (
    <form
      aria-label={t('studioUi.applications.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...state, search: words.trim() });
      }}
    >
      <Group align="flex-end" gap="md" mb="sm" wrap="wrap">
        <NativeSelect
          label={t('applications.fields.status')}
          value={state.status ?? ''}
          onChange={(event) => onChange({ ...state, status: (event.currentTarget.value || null) as ApplicationStatus | null })}
          data={[
            { value: '', label: t('studioUi.applications.allStatuses') },
            ...APPLICATION_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) })),
          ]}
          data-filter="status"
        />
        <TextInput
          label={t('studioUi.applications.search')}
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
          maxLength={100}
          type="search"
          w={400}
          maw="100%"
          data-filter="search"
        />
        <Button type="submit" variant="light">
          {t('table.search')}
        </Button>
        {filtered && (
          <Button variant="subtle" onClick={() => onChange({ ...state, status: null, search: '' })}>
            {t('table.clearFilters')}
          </Button>
        )}
      </Group>
    </form>
  );
}
