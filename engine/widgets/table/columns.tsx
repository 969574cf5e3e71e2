import type { ReactElement } from 'react';
import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnDef,
  type ReactTable,
  type Row,
} from '@tanstack/react-table';
import type { ActionDefinition } from '../../definitions/types.ts';
import type { CellEnvironment } from './cell-environment.ts';
import type { SizedColumn } from './content-widths.ts';
import { ActionsHeader, actionsCell, ALIGN_CLASSES, dataCell, SelectAllCheckbox, selectionCell } from './cells.tsx';
import type { TableColumnDefinition, TableNode, TableRow } from './types.ts';
import type { RowSelection } from './use-row-selection.ts';

/**
 * A body cell (its <td>): a plain function called by the row, not a component per cell.
 * `selected` is the row's selection, read only by a renderer marked `readsSelection`.
 */
export type CellRenderer = ((row: PortalRow, environment: CellEnvironment, selected: boolean) => ReactElement) & { readsSelection?: true };

export interface PortalColumnMeta {
  /** The definition's column; absent on the selection and row-actions columns. */
  column?: TableColumnDefinition;
  /** Width in pixels of the selection column. */
  width?: number;
  /** The row actions of the actions column (its width follows the widest row's buttons). */
  rowActions?: ActionDefinition[];
  /** The column's body cells. */
  renderCell: CellRenderer;
}

/**
 * The table's features. Sorting, paging and filtering are the server's (manual modes, no client
 * row models); which columns show is ours. The selection is not TanStack's: it has a store of
 * its own (use-row-selection.ts), so a tick does not render the table. Module scope: TanStack
 * wants a stable features object.
 */
export const features = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<PortalColumnMeta>(),
});
export type Features = typeof features;
export type PortalTable = ReactTable<Features, TableRow>;
export type PortalRow = Row<Features, TableRow>;
export type PortalColumn = Column<Features, TableRow, unknown>;

export const SELECT_COLUMN_ID = '__select';
export const ACTIONS_COLUMN_ID = '__actions';
const SELECT_WIDTH = 44;
const helper = createColumnHelper<Features, TableRow>();

/** The label a row's checkbox reads: the first column's value, else the row id. */
export function rowLabel(definition: TableNode, row: TableRow): string {
  const first = definition.columns[0];
  const value = first ? row.record[first.field] : undefined;
  return value === undefined || value === null || value === '' ? row.id : String(value);
}

/** TanStack column definitions from a table definition and its selection (memoise on both). */
export function buildColumns(definition: TableNode, selection: RowSelection): Array<ColumnDef<Features, TableRow, unknown>> {
  const dataColumns = definition.columns.map((column) =>
    helper.accessor((row: TableRow) => row.record[column.field], {
      id: column.field,
      header: column.label,
      enableSorting: Boolean(column.sort),
      meta: { column, renderCell: (row, environment) => dataCell(column, row.original.record, environment) },
    }),
  );
  const rowActions = definition.rowActions ?? [];
  if (rowActions.length) {
    dataColumns.push(
      helper.display({
        id: ACTIONS_COLUMN_ID,
        enableSorting: false,
        enableHiding: false,
        meta: {
          rowActions,
          renderCell: (row) => actionsCell(ACTIONS_COLUMN_ID, rowActions, row.original.record, rowLabel(definition, row.original)),
        },
        header: () => <ActionsHeader />,
      }) as unknown as (typeof dataColumns)[number],
    );
  }
  if (!definition.selection) return dataColumns as Array<ColumnDef<Features, TableRow, unknown>>;
  const selectColumn = helper.display({
    id: SELECT_COLUMN_ID,
    enableSorting: false,
    enableHiding: false,
    meta: {
      width: SELECT_WIDTH,
      renderCell: Object.assign(
        (row: PortalRow, environment: CellEnvironment, selected: boolean) =>
          selectionCell(SELECT_COLUMN_ID, row, rowLabel(definition, row.original), environment, selection, selected),
        { readsSelection: true as const },
      ),
    },
    header: ({ table }) =>
      definition.selection === 'multiple' ? <SelectAllCheckbox rows={table.getRowModel().rows} selection={selection} /> : null,
  });
  return [selectColumn, ...dataColumns] as Array<ColumnDef<Features, TableRow, unknown>>;
}

/** The class of a column's header: its alignment, if the definition sets one. */
export function alignClassOf(column: PortalColumn): string | undefined {
  const align = column.columnDef.meta?.column?.align;
  return align ? ALIGN_CLASSES[align] : undefined;
}

/** The body cells' renderers, in the header's column order. */
export function cellRenderersOf(columns: readonly PortalColumn[]): CellRenderer[] {
  // buildColumns gives every column its renderer.
  return columns.map((column) => column.columnDef.meta!.renderCell);
}

/** What column sizing (content-widths.ts) reads of each column. */
export function sizedColumnsOf(columns: readonly PortalColumn[]): SizedColumn[] {
  return columns.map((column) => {
    const meta = column.columnDef.meta;
    return {
      id: column.id,
      sortable: column.getCanSort(),
      ...(meta?.column ? { column: meta.column } : {}),
      ...(meta?.width !== undefined ? { width: meta.width } : {}),
      ...(meta?.rowActions ? { rowActions: meta.rowActions } : {}),
    };
  });
}

/**
 * The column tracks the header and every row share (CSS grid): each column at least its
 * `minimums` width (its content, content-widths.ts), and the room left shared in proportion to
 * the definition's widths, so virtual rows entering the view never shift them. The selection and
 * row-actions columns keep their width. minWidth is what the columns need: a narrower box
 * scrolls sideways, the row actions staying in view (sticky, table.module.css).
 */
export function columnTracks(columns: readonly PortalColumn[], minimums: readonly number[]): { template: string; minWidth: number } {
  const template = columns
    .map((column, index) => {
      const least = minimums[index] ?? 0;
      if (column.id === SELECT_COLUMN_ID || column.id === ACTIONS_COLUMN_ID) return `${least}px`;
      const weight = column.columnDef.meta?.column?.width ?? least;
      return `minmax(${least}px, ${weight}fr)`;
    })
    .join(' ');
  return { template, minWidth: minimums.reduce((sum, width) => sum + width, 0) };
}
