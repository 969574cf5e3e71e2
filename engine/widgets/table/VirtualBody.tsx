import { memo, useCallback, useMemo } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCellEnvironment } from './cell-environment.ts';
import type { CellRenderer, PortalRow } from './columns.tsx';
import classes from './table.module.css';
import { useRenderingLikeServer } from '../../session/server-render.ts';
import { useRowSelected, type RowSelection } from './use-row-selection.ts';

/** Fixed row height: cells never wrap, so no row needs measuring. */
export const ROW_HEIGHT = 40;
/** The header row's least height (one line); wrapped headers make it taller (VirtualTable). */
export const HEADER_HEIGHT = 40;
/**
 * Rows rendered beyond each edge of the view (320 px). The rows a scroll brings in are
 * rendered before that frame is painted; these cover the compositor scrolling ahead of the
 * page (wheel, touch) for a few frames of a fast fling.
 */
const OVERSCAN = 8;
/**
 * The view the server's render of a page (issue 25) and the browser's hydration of it lay the
 * first rows out in, before the box is on the page to be measured: a laptop's screen of rows.
 * Elsewhere the first render has no view (no rows) until the box is measured, as before.
 */
export const SERVER_VIEW = { width: 0, height: 800 };

interface VirtualBodyProps {
  scrollElement: HTMLDivElement | null;
  rows: PortalRow[];
  cells: readonly CellRenderer[];
  /** aria-rowindex of rows[0] in the whole list (the header is row 1). */
  firstRowIndex: number;
  /** The sticky header's height, above the first row inside the box. */
  headerHeight: number;
  selection: RowSelection;
}

/**
 * Only the rows in view (plus overscan) are in the DOM, in a body as tall as the page, so a
 * page of 10,000 rows scrolls smoothly. The virtualizer lives here so a scroll re-renders the
 * body only, never the header or the controls; rows are memoised, so a scrolled frame renders
 * just the rows entering the view.
 */
export function VirtualBody({ scrollElement, rows, cells, firstRowIndex, headerHeight, selection }: VirtualBodyProps) {
  // Stable across scroll renders: the virtualizer recomputes every row's position whenever this
  // function changes, which for 10,000 rows would be done on every frame of a scroll.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const likeServer = useRenderingLikeServer();
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    overscan: OVERSCAN,
    // The sticky header sits above the first row inside the scrolling box.
    scrollMargin: headerHeight,
    // Scrolling ends when the browser says so (scrollend), not 150 ms after the last scroll event:
    // rows take no pointer events while scrolling (table.module.css), and a click that soon after
    // a scroll had stopped was lost (a tick in the payment flow; issue 25's interactions bench).
    useScrollendEvent: true,
    // The server's markup holds only the rows of its view: the rows beyond it, which no one sees
    // before the page's code runs, cost its render, its parse and its first paint (issue 25).
    ...(likeServer ? { initialRect: SERVER_VIEW, overscan: 0 } : {}),
  });
  const items = virtualizer.getVirtualItems();
  // The rows in view follow one another from the first one's offset: the body's padding moves
  // them all, and no row carries a position of its own (an inline style per row would make the
  // browser compute every new row's style from scratch instead of reusing its siblings').
  const offset = items[0] ? items[0].start - headerHeight : 0;
  // While the list scrolls, rows pass under a still pointer: without pointer events for that
  // time (table.module.css), the browser does not re-style, repaint and dispatch mouse events
  // for the row under it on every frame.
  return (
    <tbody
      className={classes.body}
      style={{ height: virtualizer.getTotalSize(), paddingTop: offset }}
      data-scrolling={virtualizer.isScrolling || undefined}
    >
      {items.map((item) => {
        const row = rows[item.index]!;
        return <BodyRow key={row.id} row={row} cells={cells} rowIndex={firstRowIndex + item.index} selection={selection} />;
      })}
    </tbody>
  );
}

interface BodyRowProps {
  row: PortalRow;
  cells: readonly CellRenderer[];
  rowIndex: number;
  selection: RowSelection;
}

/**
 * One row: plain cells, each from its column's renderer (no component per cell). It reads its
 * own selection, so a tick renders the row ticked and no other, and in it only the selection
 * cell: the other cells' elements are kept, so React leaves them alone (formatting values and
 * checking links is most of what a row costs).
 */
const BodyRow = memo(function BodyRow({ row, cells, rowIndex, selection }: BodyRowProps) {
  const environment = useCellEnvironment();
  const selected = useRowSelected(selection, row.id);
  const steady = useMemo(
    () => cells.map((cell) => (cell.readsSelection ? null : cell(row, environment, false))),
    [cells, row, environment],
  );
  return (
    <tr className={classes.row} aria-rowindex={rowIndex} data-row-id={row.id} data-selected={selected || undefined}>
      {cells.map((cell, index) => steady[index] ?? cell(row, environment, selected))}
    </tr>
  );
});
