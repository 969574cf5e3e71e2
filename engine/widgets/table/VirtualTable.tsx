import { useEffect, useState, type CSSProperties } from 'react';
import { Box, Table, UnstyledButton } from '@mantine/core';
import { FlexRender, type Header } from '@tanstack/react-table';
import { CellEnvironmentProvider, useCellEnvironment, useCellEnvironmentValue } from './cell-environment.ts';
import { type Features, type PortalTable, SELECT_COLUMN_ID } from './columns.tsx';
import classes from './table.module.css';
import type { TableNode, TableRow } from './types.ts';
import type { TableData } from './use-table-data.ts';
import { HEADER_HEIGHT, ROW_HEIGHT, VirtualBody } from './VirtualBody.tsx';

const SELECT_WIDTH = 44;
const ARROWS = { asc: '\u25B2', desc: '\u25BC', none: '\u2195' } as const;

interface VirtualTableProps { definition: TableNode; table: PortalTable; data: TableData }

/**
 * The page's rows in a scrolling box with a sticky header. It stays a real <table> for screen
 * readers: aria-rowcount is the list's total (plus the header row) and each row carries its
 * aria-rowindex in the whole list (VirtualBody), since most rows are not rendered. Columns
 * have fixed widths (table-layout: fixed) so rows entering the view never shift them, and the
 * box contains its layout and paint (contain: content): rows coming and going while scrolling
 * never make the browser lay out or repaint the rest of the page.
 */
export function VirtualTable({ definition, table, data }: VirtualTableProps) {
  const environment = useCellEnvironmentValue();
  // The box as state, not a ref: the virtualizer (in a child) mounts before a parent's ref is
  // attached, and must render again once the box exists or it never shows a row.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getAllLeafColumns();
  const label = environment.t(definition.caption ?? 'table.results');
  // A new page starts at its top.
  useEffect(() => { scrollElement?.scrollTo({ top: 0 }); }, [data.rows]);

  return (
    <CellEnvironmentProvider value={environment}>
      <Box ref={setScrollElement} tabIndex={0} role="region" aria-label={label}
        style={{ maxHeight: '70vh', overflow: 'auto', contain: 'content', opacity: data.loading ? 0.6 : 1 }}>
        <Table stickyHeader layout="fixed" highlightOnHover fz="sm" aria-label={label}
          aria-rowcount={data.total + 1} aria-busy={data.loading || undefined}
          style={{ '--table-row-height': `${ROW_HEIGHT}px` } as CSSProperties}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.id} style={{ width: column.id === SELECT_COLUMN_ID ? SELECT_WIDTH : column.columnDef.meta?.column?.width ?? column.columnDef.meta?.width }} />
            ))}
          </colgroup>
          <Table.Thead>
            <Table.Tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
              {table.getHeaderGroups()[0]?.headers.map((header) => <HeaderCell key={header.id} header={header} />)}
            </Table.Tr>
          </Table.Thead>
          <VirtualBody scrollElement={scrollElement} rows={rows} span={columns.length}
            firstRowIndex={data.ui.pageIndex * data.ui.pageSize + 2} />
        </Table>
      </Box>
    </CellEnvironmentProvider>
  );
}

/** A column header; sortable ones are buttons (keyboard operable) and the sorted one has aria-sort. */
function HeaderCell({ header }: { header: Header<Features, TableRow, unknown> }) {
  const { t } = useCellEnvironment();
  const column = header.column.columnDef.meta?.column;
  if (!column) return <Table.Th><FlexRender header={header} /></Table.Th>;
  const label = t(column.label);
  const align = { textAlign: column.align ?? 'left' } as const;
  if (!header.column.getCanSort()) return <Table.Th className={classes.header} style={align}>{label}</Table.Th>;
  const sorted = header.column.getIsSorted();
  return (
    <Table.Th className={classes.header} style={align} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()} data-sort={column.sort}
        title={t(sorted === 'asc' ? 'table.sortDescending' : 'table.sortAscending')}>
        <span className={classes.sortLabel}>{label}</span>
        <span aria-hidden="true" style={{ opacity: sorted ? 1 : 0.4 }}>{ARROWS[sorted || 'none']}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
