import { Alert, Box, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import { Notices } from '../DataState.tsx';
import { BulkActions } from './BulkActions.tsx';
import type { ColumnVisibilityState } from './column-visibility.ts';
import { ColumnMenu } from './ColumnMenu.tsx';
import type { PortalTable } from './columns.tsx';
import { TablePager } from './TablePager.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import type { TableNode } from './types.ts';
import type { RowSelection } from './use-row-selection.ts';
import type { TableData } from './use-table-data.ts';
import { RowCards } from './RowCards.tsx';
import { usePhone } from './phone.ts';
import { ROW_HEIGHT } from './VirtualBody.tsx';
import { VirtualTable } from './VirtualTable.tsx';

const SKELETON_ROWS = 8;
/** A table with this many columns or more offers the column menu (a narrower one fits anyway). */
const COLUMN_MENU_FROM = 5;

/** Whether the table offers its column menu: wide enough to need one, or with columns a narrow page drops. */
function hasColumnMenu(definition: TableNode): boolean {
  return definition.columns.length >= COLUMN_MENU_FROM || definition.columns.some((column) => column.priority === 'optional');
}

export interface TableViewProps {
  definition: TableNode;
  table: PortalTable;
  data: TableData;
  selection: RowSelection;
  columns: ColumnVisibilityState;
}

/** The table's markup: controls, bulk actions, then the rows or the loading, error or empty state, then the pager. */
export function TableView({ definition, table, data, selection, columns }: TableViewProps) {
  const { t } = useText();
  return (
    <Stack gap="sm" data-widget="table" data-table={definition.id}>
      <Group justify="flex-end" align="flex-end" gap="sm" wrap="nowrap">
        <Box flex={1} miw={0}>
          <TableToolbar definition={definition} data={data} />
        </Box>
        {hasColumnMenu(definition) ? <ColumnMenu table={table} columns={columns} /> : null}
      </Group>
      <Notices notices={definition.notices} meta={data.error ? undefined : data.meta} />
      <BulkActions definition={definition} selection={selection} list={data.criteria} />
      <TableBody definition={definition} table={table} data={data} columns={columns} selection={selection} />
      {data.loaded && !data.error && data.total > 0 ? <TablePager table={table} data={data} /> : null}
      <VisuallyHidden role="status">{data.loading ? t('table.loading') : ''}</VisuallyHidden>
    </Stack>
  );
}

function TableBody({ definition, table, data, columns, selection }: TableViewProps) {
  const { t } = useText();
  const phone = usePhone();
  if (data.error) {
    return (
      <Alert color="red" role="alert" title={t(definition.failure ?? 'table.error')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(data.error.code, data.error.values)}</Text>
          <Button size="xs" variant="light" color="red" onClick={data.retry}>
            {t('table.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!data.loaded || (data.loading && data.rows.length === 0)) {
    return (
      <Stack gap={4} aria-hidden="true" data-loading="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} height={ROW_HEIGHT - 8} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (data.rows.length === 0 && data.filtered) {
    // The user's search or filters exclude everything: say so, not "nothing has this status" (issue 13).
    return (
      <Group py="md" gap="sm" data-empty="filtered">
        <Text>{t(definition.emptyFiltered ?? 'table.noMatch')}</Text>
        <Button size="xs" variant="light" onClick={data.clearCriteria}>
          {t('table.clearFilters')}
        </Button>
      </Group>
    );
  }
  if (data.rows.length === 0) {
    return (
      <Text py="md" data-empty="true">
        {t(definition.empty ?? 'table.noRows')}
      </Text>
    );
  }
  if (phone) return <RowCards definition={definition} table={table} chosen={columns.chosen} selection={selection} />;
  return <VirtualTable definition={definition} table={table} data={data} columns={columns} selection={selection} />;
}
