import {
  createColumnHelper, metaHelper, rowPaginationFeature, rowSelectionFeature, rowSortingFeature, tableFeatures,
  type ColumnDef, type ReactTable, type Row,
} from '@tanstack/react-table';
import { ActionsHeader, CellValue, RowActions, RowCheckbox, SelectAllCheckbox } from './cells.tsx';
import type { TableColumnDefinition, TableNode, TableRow } from './types.ts';

export interface PortalColumnMeta {
  /** The definition's column; absent on the selection and row-actions columns. */
  column?: TableColumnDefinition;
  /** Width in pixels of a column that is not the definition's (row actions). */
  width?: number;
}

/**
 * The table's features. Sorting, paging and filtering are the server's (manual modes, no client
 * row models); selection is ours. Module scope: TanStack wants a stable features object.
 */
export const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<PortalColumnMeta>(),
});
export type Features = typeof features;
export type PortalTable = ReactTable<Features, TableRow>;
export type PortalRow = Row<Features, TableRow>;

export const SELECT_COLUMN_ID = '__select';
export const ACTIONS_COLUMN_ID = '__actions';
const ACTIONS_WIDTH = 120;
const helper = createColumnHelper<Features, TableRow>();

/** The label a row's checkbox reads: the first column's value, else the row id. */
export function rowLabel(definition: TableNode, row: TableRow): string {
  const first = definition.columns[0];
  const value = first ? row.record[first.field] : undefined;
  return value === undefined || value === null || value === '' ? row.id : String(value);
}

/** TanStack column definitions from a table definition (memoise on the definition). */
export function buildColumns(definition: TableNode): Array<ColumnDef<Features, TableRow, unknown>> {
  const dataColumns = definition.columns.map((column) => helper.accessor((row: TableRow) => row.record[column.field], {
    id: column.field,
    header: column.label,
    enableSorting: Boolean(column.sort),
    meta: { column },
    cell: ({ row }) => <CellValue column={column} record={row.original.record} />,
  }));
  const rowActions = definition.rowActions ?? [];
  if (rowActions.length) {
    dataColumns.push(helper.display({
      id: ACTIONS_COLUMN_ID,
      enableSorting: false,
      meta: { width: ACTIONS_WIDTH * rowActions.length },
      header: () => <ActionsHeader />,
      cell: ({ row }) => <RowActions actions={rowActions} record={row.original.record} label={rowLabel(definition, row.original)} />,
    }) as unknown as (typeof dataColumns)[number]);
  }
  if (!definition.selection) return dataColumns as Array<ColumnDef<Features, TableRow, unknown>>;
  const selectColumn = helper.display({
    id: SELECT_COLUMN_ID,
    enableSorting: false,
    meta: {},
    header: ({ table }) => (definition.selection === 'multiple'
      ? <SelectAllCheckbox checked={table.getIsAllPageRowsSelected()} indeterminate={table.getIsSomePageRowsSelected()}
          disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())} onToggle={table.getToggleAllPageRowsSelectedHandler()} />
      : null),
    cell: ({ row }) => <RowCheckbox label={rowLabel(definition, row.original)} checked={row.getIsSelected()} disabled={!row.getCanSelect()} onToggle={row.getToggleSelectedHandler()} />,
  });
  return [selectColumn, ...dataColumns] as Array<ColumnDef<Features, TableRow, unknown>>;
}
