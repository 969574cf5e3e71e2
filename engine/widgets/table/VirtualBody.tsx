import { memo, useCallback } from 'react';
import { FlexRender } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PortalRow } from './columns.tsx';
import classes from './table.module.css';

/** Fixed row height: cells never wrap, so no row needs measuring. */
export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 40;
const OVERSCAN = 8;

interface VirtualBodyProps {
  scrollElement: HTMLDivElement | null;
  rows: PortalRow[];
  span: number;
  /** aria-rowindex of rows[0] in the whole list (the header is row 1). */
  firstRowIndex: number;
}

/**
 * Only the rows in view (plus overscan) are in the DOM, between two spacer rows, so a page of
 * 10,000 rows scrolls smoothly. The virtualizer lives here so a scroll re-renders the body
 * only, never the header or the controls.
 */
export function VirtualBody({ scrollElement, rows, span, firstRowIndex }: VirtualBodyProps) {
  // Stable across scroll renders: the virtualizer recomputes every row's position whenever this
  // function changes, which for 10,000 rows would be done on every frame of a scroll.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    overscan: OVERSCAN,
    // The sticky header sits above the first row inside the scrolling box.
    scrollMargin: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = first ? first.start - HEADER_HEIGHT : 0;
  // Before the first measurement no row is "in view" (the box is only as tall as its header):
  // the full height as a spacer lets the box grow, and the virtualizer then fills it.
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - HEADER_HEIGHT) : virtualizer.getTotalSize();
  return (
    <tbody>
      {paddingTop > 0 ? <Spacer height={paddingTop} span={span} /> : null}
      {items.map((item) => {
        const row = rows[item.index]!;
        return <BodyRow key={row.id} row={row} rowIndex={firstRowIndex + item.index} selected={row.getIsSelected()} />;
      })}
      {paddingBottom > 0 ? <Spacer height={paddingBottom} span={span} /> : null}
    </tbody>
  );
}

function Spacer({ height, span }: { height: number; span: number }) {
  return <tr aria-hidden="true" className={classes.spacer} style={{ height }}><td colSpan={span} /></tr>;
}

/** `selected` is passed so the memoised row renders again when only its selection changed. */
const BodyRow = memo(function BodyRow({ row, rowIndex, selected }: { row: PortalRow; rowIndex: number; selected: boolean }) {
  return (
    <tr className={classes.row} aria-rowindex={rowIndex} data-row-id={row.id} data-selected={selected || undefined}>
      {row.getAllCells().map((cell) => {
        const align = cell.column.columnDef.meta?.column?.align;
        return (
          <td key={cell.id} className={classes.cell} style={align ? { textAlign: align } : undefined}>
            <FlexRender cell={cell} />
          </td>
        );
      })}
    </tr>
  );
});
