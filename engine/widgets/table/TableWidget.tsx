import { useMemo } from 'react';
import { functionalUpdate, useTable, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table';
import { contractProps, type WidgetProps } from '../../registry/widget-contract.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { useColumnVisibility } from './column-visibility.ts';
import { buildColumns, features } from './columns.tsx';
import { useShownColumns } from './shown-columns.ts';
import { sortChoiceOf, sortingStateOf } from './sorting.ts';
import { TableView } from './TableView.tsx';
import type { TableNode, TableRow } from './types.ts';
import { useRowSelection } from './use-row-selection.ts';
import { useTableData } from './use-table-data.ts';

const getRowId = (row: TableRow) => row.id;

/**
 * The table widget: a server-paged, sorted and filtered list from a definition
 * (schemas/screen.schema.json, widget "table"), with virtual rows and bulk actions.
 * useTableData owns state and fetching, TanStack Table the row and header models, TableView the markup.
 */
export default function TableWidget({ node }: WidgetProps) {
  const declared = contractProps<TableNode>(node);
  // The list's state and reads keep the node itself (the screen names its URL namespace by it);
  // everything shown reads only the columns whose `when` holds for this user.
  const data = useTableData(declared);
  const definition = useShownColumns(declared, useScreen().bindings);
  const selection = useRowSelection(definition, data.criteriaKey);
  const columns = useMemo(() => buildColumns(definition, selection), [definition, selection]);
  const columnVisibility = useColumnVisibility(definition, data.rows);

  const sorting = useMemo(() => sortingStateOf(definition.columns, data.ui.sort), [definition.columns, data.ui.sort]);
  const pagination = useMemo(() => ({ pageIndex: data.ui.pageIndex, pageSize: data.ui.pageSize }), [data.ui.pageIndex, data.ui.pageSize]);

  const table = useTable({
    features,
    columns,
    data: data.rows,
    getRowId,
    // The server sorts and pages (server/http/list-query.ts); TanStack only keeps the state.
    manualSorting: true,
    manualPagination: true,
    autoResetPageIndex: false,
    rowCount: data.total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting, pagination, columnVisibility: columnVisibility.visibility },
    onColumnVisibilityChange: columnVisibility.onChange,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = sortChoiceOf(definition.columns, functionalUpdate(updater, sorting));
      if (next) data.setSort(next);
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      if (next.pageSize !== pagination.pageSize) data.setPageSize(next.pageSize);
      else if (next.pageIndex !== pagination.pageIndex) data.setPageIndex(next.pageIndex);
    },
  });

  return <TableView definition={definition} table={table} data={data} selection={selection} columns={columnVisibility} />;
}
