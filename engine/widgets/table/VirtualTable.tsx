import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type CSSProperties, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { UnstyledButton } from '@mantine/core';
import { FlexRender, type Header } from '@tanstack/react-table';
import { CellEnvironmentProvider, useCellEnvironment, useCellEnvironmentValue } from './cell-environment.ts';
import { CELL_PADDING, ROUTED_LINK_SELECTOR } from './cells.tsx';
import {
  ACTIONS_COLUMN_ID,
  alignClassOf,
  cellRenderersOf,
  columnTracks,
  sizedColumnsOf,
  type Features,
  type PortalTable,
} from './columns.tsx';
import type { ColumnVisibilityState } from './column-visibility.ts';
import { columnSizes, headerLines, planColumns, type SizedColumn } from './content-widths.ts';
import classes from './table.module.css';
import { estimatedTextWidth, textFitOf, textWidthIn } from './text-fit.ts';
import { rememberTextScale } from './text-scale.ts';
import { pageLanguage, renderedViewportWidth, useRenderingLikeServer } from '../../session/server-render.ts';
import { renderedTextScale } from '../../session/rendered-text-scale.ts';
import { contentWidthAt } from '../../shell/layout.ts';
import type { TableNode, TableRow } from './types.ts';
import type { TableData } from './use-table-data.ts';
import type { RowSelection } from './use-row-selection.ts';
import { HEADER_HEIGHT, ROW_HEIGHT, VirtualBody } from './VirtualBody.tsx';

const ARROWS = { asc: '\u25B2', desc: '\u25BC', none: '\u2195' } as const;

interface VirtualTableProps {
  definition: TableNode;
  table: PortalTable;
  data: TableData;
  columns: Pick<ColumnVisibilityState, 'chosen' | 'setDropped'>;
  selection: RowSelection;
}

/** A header line's height: the table's 14 px text at Mantine's line height (1.55). */
const HEADER_LINE_HEIGHT = 22;
/** The header cell's padding above and below (table.module.css .header). */
const HEADER_PADDING_Y = 7;
/** A data column's least width before the table's font is known (the first render). */
const UNMEASURED_WIDTH = 100;

/** Least widths before the font is measured: the definition's width, the selection column's own. */
function unmeasuredMinimums(columns: readonly SizedColumn[]): number[] {
  return columns.map((column) => column.width ?? column.column?.width ?? UNMEASURED_WIDTH);
}

/**
 * The page's rows in a scrolling box with a sticky header. It stays a real <table> for screen
 * readers: aria-rowcount is the list's total (plus the header row) and each row carries its
 * aria-rowindex in the whole list (VirtualBody), since most rows are not rendered. Columns
 * have fixed tracks (columnTracks) for the page, sized to its content and squeezed to the box
 * (content-widths.ts), so rows entering the view never shift them; headers wrap between words.
 */
export function VirtualTable({ definition, table, data, columns: visibility, selection }: VirtualTableProps) {
  // The box as state, not a ref: the virtualizer (in a child) mounts before a parent's ref is
  // attached, and must render again once the box exists or it never shows a row.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // The server's render, and the hydration of its markup, plan the columns for the page width the
  // request said (common/viewport-hint.ts) with estimated text widths, so the browser's own plan
  // after hydration keeps the same columns and moves them by a few pixels at most (issue 25).
  const hinted = useRenderingLikeServer() ? renderedViewportWidth() : undefined;
  // Text is measured in the table's font, known once the table (the box's child) is in the page.
  const measured = useMemo(
    () => (scrollElement?.firstElementChild ? textWidthIn(scrollElement.firstElementChild) : undefined),
    [scrollElement],
  );
  const measure = useMemo(() => {
    if (measured !== undefined) return measured;
    return hinted === undefined ? null : estimatedTextWidth(pageLanguage(), renderedTextScale());
  }, [measured, hinted]);
  // The server's next render estimates with this browser's font in mind (common/text-scale.ts).
  useEffect(() => {
    if (measured) rememberTextScale(measured);
  }, [measured]);
  const fits = useMemo(() => textFitOf(measure), [measure]);
  const shared = useCellEnvironmentValue(fits);
  const rows = table.getRowModel().rows;
  // The columns TanStack shows, before a narrow box drops its optional ones (planColumns).
  const candidates = table.getVisibleLeafColumns();
  const sizedCandidates = useMemo(() => sizedColumnsOf(candidates), [candidates]);
  const measuredWidth = useBoxWidth(scrollElement);
  // The box is as wide as the screen's content (measured at 390 to 1,920 px).
  const boxWidth = measuredWidth || (hinted === undefined ? 0 : contentWidthAt(hinted));
  const sizes = useMemo(() => {
    if (!measure) return null;
    const input = {
      rows: data.rows,
      measure,
      t: shared.t,
      format: shared.format,
      ability: shared.ability,
      bindings: shared.bindings,
      padding: CELL_PADDING,
    };
    return { input, sizes: columnSizes(sizedCandidates, input) };
  }, [sizedCandidates, data.rows, measure, shared]);
  const { chosen, setDropped } = visibility;
  const plan = useMemo(() => {
    if (!sizes) return { dropped: new Set<string>(), widths: unmeasuredMinimums(sizedCandidates) };
    const droppable = sizedCandidates.map((column) => column.column?.priority === 'optional' && !chosen(column.id));
    const { dropped, widths } = planColumns(sizes.sizes, droppable, boxWidth);
    return { dropped: new Set(dropped.map((index) => sizedCandidates[index]!.id)), widths };
  }, [sizes, sizedCandidates, boxWidth, chosen]);
  // The column menu shows the dropped columns unticked.
  useEffect(() => {
    setDropped([...plan.dropped]);
  }, [plan, setDropped]);
  const columns = useMemo(() => candidates.filter((column) => !plan.dropped.has(column.id)), [candidates, plan]);
  const sized = useMemo(() => sizedCandidates.filter((column) => !plan.dropped.has(column.id)), [sizedCandidates, plan]);
  const sizing = useMemo(() => {
    const minimums = plan.widths.filter((_, index) => !plan.dropped.has(sizedCandidates[index]!.id));
    return { minimums, lines: sizes ? headerLines(sized, minimums, sizes.input) : 1 };
  }, [plan, sizes, sized, sizedCandidates]);
  const environment = useMemo(
    () => ({
      ...shared,
      rooms: Object.fromEntries(sized.map((column, index) => [column.id, sizing.minimums[index]! - 2 * CELL_PADDING])),
    }),
    [shared, sized, sizing],
  );
  const cells = useMemo(() => cellRenderersOf(columns), [columns]);
  const tracks = useMemo(() => columnTracks(columns, sizing.minimums), [columns, sizing]);
  const headerHeight = Math.max(HEADER_HEIGHT, sizing.lines * HEADER_LINE_HEIGHT + 2 * HEADER_PADDING_Y);
  const label = environment.t(definition.caption ?? 'table.results');
  const onClick = useRoutedLinks();
  // A new page starts at its top.
  useEffect(() => {
    scrollElement?.scrollTo({ top: 0 });
  }, [data.rows]);

  const style = {
    '--table-columns': tracks.template,
    '--table-row-height': `${ROW_HEIGHT}px`,
    '--table-header-height': `${headerHeight}px`,
    '--table-cell-padding': `${CELL_PADDING}px`,
    minWidth: tracks.minWidth,
  } as CSSProperties;
  return (
    <CellEnvironmentProvider value={environment}>
      <div
        ref={setScrollElement}
        className={classes.scroller}
        tabIndex={0}
        role="region"
        aria-label={label}
        data-loading={data.loading || undefined}
      >
        <table
          className={classes.table}
          style={style}
          aria-label={label}
          aria-rowcount={data.total + 1}
          aria-busy={data.loading || undefined}
          onClick={onClick}
        >
          <thead className={classes.head}>
            <tr className={classes.headRow} aria-rowindex={1}>
              {table
                .getHeaderGroups()[0]
                ?.headers.filter((header) => !plan.dropped.has(header.column.id))
                .map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
            </tr>
          </thead>
          <VirtualBody
            scrollElement={scrollElement}
            rows={rows}
            cells={cells}
            headerHeight={headerHeight}
            firstRowIndex={data.ui.pageIndex * data.ui.pageSize + 2}
            selection={selection}
          />
        </table>
      </div>
    </CellEnvironmentProvider>
  );
}

/**
 * The box's inner width (without its scrollbar), followed as the page resizes, so columns are
 * squeezed to the box (fitToWidth); 0 until it is measured.
 */
function useBoxWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  // Before the browser paints: a frame planned without the box's width would keep every column.
  useLayoutEffect(() => {
    if (!element) return undefined;
    setWidth(element.clientWidth);
    // Without a layout (the screens' snapshot tests in jsdom) the table keeps its content widths.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * Cell links are plain anchors (cells.tsx): one click handler on the table routes them in the
 * portal, as a router <Link> would, instead of a <Link> with its router subscriptions per row.
 * A click with a modifier or another button is left to the browser (new tab, new window).
 */
function useRoutedLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest(ROUTED_LINK_SELECTOR);
      const href = link?.getAttribute('href');
      if (!href) return;
      event.preventDefault();
      // Like <Link>: following a link to the page already shown replaces it in the history.
      void navigate(href, { replace: href === `${window.location.pathname}${window.location.search}` });
    },
    [navigate],
  );
}

/** A column header; sortable ones are buttons (keyboard operable) and the sorted one has aria-sort. */
function HeaderCell({ header }: { header: Header<Features, TableRow, unknown> }) {
  const { t } = useCellEnvironment();
  const column = header.column.columnDef.meta?.column;
  const className = [classes.header, alignClassOf(header.column)].filter(Boolean).join(' ');
  if (!column) {
    // The row actions stay in view when the table scrolls sideways.
    const sticky = header.column.id === ACTIONS_COLUMN_ID ? ` ${classes.sticky}` : '';
    return (
      <th className={className + sticky}>
        <FlexRender header={header} />
      </th>
    );
  }
  const label = t(column.label);
  if (!header.column.getCanSort())
    return (
      <th className={className} data-priority={column.priority}>
        {label}
      </th>
    );
  const sorted = header.column.getIsSorted();
  return (
    <th
      className={className}
      data-priority={column.priority}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={header.column.getToggleSortingHandler()}
        data-sort={column.sort}
        title={t(sorted === 'asc' ? 'table.sortDescending' : 'table.sortAscending')}
      >
        <span className={classes.sortLabel}>{label}</span>
        <span aria-hidden="true" className={classes.sortArrow} data-sorted={sorted || undefined}>
          {ARROWS[sorted || 'none']}
        </span>
      </UnstyledButton>
    </th>
  );
}
