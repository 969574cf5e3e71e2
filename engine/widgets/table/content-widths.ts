import type { PortalAbility } from '../../../domain/policy.ts';
import { isVisible } from '../../../domain/visibility.ts';
import type { BindingContext } from '../../definitions/bindings.ts';
import type { ActionDefinition } from '../../definitions/types.ts';
import type { Translate } from '../../i18n/use-text.ts';
import type { CellEnvironment } from './cell-environment.ts';
import type { TextWidth } from './text-fit.ts';
import type { TableColumnDefinition, TableRow } from './types.ts';

/** What sizing a column reads of it: the definition's column, or its own width (selection), or the row actions. */
export interface SizedColumn {
  id: string;
  column?: TableColumnDefinition;
  /** A fixed width (the selection column). */
  width?: number;
  /** The row actions of the actions column. */
  rowActions?: ActionDefinition[];
  sortable: boolean;
}

export interface SizingInput {
  rows: readonly TableRow[];
  measure: TextWidth;
  t: Translate;
  format: CellEnvironment['format'];
  ability: PortalAbility;
  bindings: BindingContext;
  /** A cell's horizontal padding (each side). */
  padding: number;
}

/** The gap between row-action buttons (cells.tsx: Group gap 4). */
const BUTTON_GAP = 4;
/** The sort arrow beside a sortable header, and its gap (table.module.css .sortButton). */
const SORT_ARROW = '\u2195';
const SORT_GAP = 4;
/** Rows looked at for the widest value: enough for a page on screen, cheap for a page of 10,000. */
const SAMPLE_ROWS = 500;
/** A column grows with its content up to this many pixels, then clips. */
const MAX_CONTENT_WIDTH = 320;
/** Canvas and layout may round a glyph run differently (text-fit.ts MARGIN). */
const MARGIN = 1;

/** A column's widths: the least its content asks for, and how far it may be squeezed. */
export interface ColumnSize {
  least: number;
  /** At most `least`: what squeezing takes it down to first (a badge keeps its whole text). */
  soft: number;
  /** At most `soft`: the last resort, the header's longest word and a few characters of the value. */
  floor: number;
}

/** A squeezed value keeps about this many pixels (five or six characters) before its ellipsis. */
const SQUEEZED_VALUE = 56;

/**
 * The widths of each column, in pixels (issue 13: tables fit at 1366 px): the least is the
 * header's longest word (headers wrap between words) and the widest value on the page (up to
 * MAX_CONTENT_WIDTH). The definition's width only weighs how the room left is shared
 * (columnTracks). A squeezed column (fitToWidth) clips its longer values with an ellipsis;
 * status badges squeeze only once the text columns are at their floors (a clipped "CARD VIE…"
 * says less than a clipped e-mail address); the row actions (as wide as the widest row's
 * buttons) and the selection column never squeeze.
 * @example columnSizes([{ id: 'dueDate', column, sortable: true }], input) // [{ least: 104, soft: 72, floor: 72 }]
 */
export function columnSizes(columns: readonly SizedColumn[], input: SizingInput): ColumnSize[] {
  const rows = input.rows.slice(0, SAMPLE_ROWS);
  return columns.map((sized) => {
    if (sized.width !== undefined) return fixed(sized.width);
    if (sized.rowActions) return fixed(actionsWidth(sized.rowActions, rows, input));
    const column = sized.column!;
    const header = headerWordsWidth(input.t(column.label), sized.sortable, input.measure);
    let widest = 0;
    for (const row of rows) widest = Math.max(widest, valueWidth(column, row.record, input));
    // A key value (an identifier, an amount) is never clipped, however long (issue 26).
    if (column.priority === 'key') return fixed(Math.ceil(Math.max(header, widest + MARGIN) + 2 * input.padding));
    const value = Math.min(widest + MARGIN, MAX_CONTENT_WIDTH - 2 * input.padding);
    const least = Math.ceil(Math.max(header, value) + 2 * input.padding);
    const floor = Math.ceil(Math.max(header, Math.min(value, SQUEEZED_VALUE)) + 2 * input.padding);
    return { least, soft: column.format === 'status' ? least : floor, floor };
  });
}

function fixed(width: number): ColumnSize {
  return { least: width, soft: width, floor: width };
}

/**
 * Each column's width when the box is `available` pixels wide. Content that fits keeps its
 * least width. Content that does not is squeezed from the widest columns down, to a common
 * width, each to no less than its `soft` width, then, if that is not enough, to its `floor`;
 * so a long e-mail address clips before a short date does, and the table scrolls sideways only
 * when even the floors do not fit, whatever rows the page holds (issue 13).
 * @example fitToWidth([{ least: 300, soft: 80, floor: 80 }, { least: 100, soft: 60, floor: 60 }], 320) // [220, 100]
 */
export function fitToWidth(sizes: readonly ColumnSize[], available: number): number[] {
  const leasts = sizes.map((size) => size.least);
  if (!(available > 0) || sum(leasts) <= available) return leasts;
  const softs = sizes.map((size) => size.soft);
  if (sum(softs) <= available) return squeeze(leasts, softs, available);
  return squeeze(
    softs,
    sizes.map((size) => size.floor),
    available,
  );
}

/** Which columns a narrow box drops, and the widths of the ones it keeps (planColumns). */
export interface ColumnPlan {
  /** Indexes of the dropped columns. */
  dropped: number[];
  /** The width of every column, 0 for a dropped one. */
  widths: number[];
}

/**
 * The columns a box `available` pixels wide shows (issue 26: identifiers and amounts are never
 * clipped): when the least widths do not fit, the droppable columns (the definition's
 * `optional` ones the user did not ask for) go first, the rightmost first, until the rest fits;
 * what still does not fit is squeezed (fitToWidth: key columns never are), and only then does
 * the table scroll sideways.
 * @example planColumns([{ least: 300, soft: 300, floor: 300 }, { least: 200, soft: 80, floor: 80 }], [false, true], 400) // { dropped: [1], widths: [300, 0] }
 */
export function planColumns(sizes: readonly ColumnSize[], droppable: readonly boolean[], available: number): ColumnPlan {
  const dropped: number[] = [];
  const kept = () => sizes.filter((_, index) => !dropped.includes(index));
  if (available > 0) {
    for (let index = sizes.length - 1; index >= 0 && sum(kept().map((size) => size.least)) > available; index -= 1) {
      if (droppable[index]) dropped.push(index);
    }
  }
  const fitted = fitToWidth(kept(), available);
  let next = 0;
  const widths = sizes.map((_, index) => (dropped.includes(index) ? 0 : fitted[next++]!));
  return { dropped: dropped.sort((a, b) => a - b), widths };
}

function sum(widths: readonly number[]): number {
  return widths.reduce((total, width) => total + width, 0);
}

/** Widths between `floors` and `tops`: the tops cut to the highest whole-pixel level at which they fit. */
function squeeze(tops: readonly number[], floors: readonly number[], available: number): number[] {
  const at = (level: number) => tops.map((top, index) => Math.max(floors[index]!, Math.min(top, level)));
  let low = 0;
  let high = Math.max(...tops);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (sum(at(middle)) <= available) low = middle;
    else high = middle - 1;
  }
  return at(low);
}

/** How many lines the headers need at their columns' least widths (the header row's height). */
export function headerLines(
  columns: readonly SizedColumn[],
  minimums: readonly number[],
  input: Pick<SizingInput, 't' | 'measure' | 'padding'>,
): number {
  let lines = 1;
  columns.forEach((sized, index) => {
    if (!sized.column) return;
    const room = minimums[index]! - 2 * input.padding - (sized.sortable ? sortArrowWidth(input.measure) : 0);
    lines = Math.max(lines, wrappedLines(input.t(sized.column.label).split(/\s+/), room, input.measure));
  });
  return lines;
}

function sortArrowWidth(measure: TextWidth): number {
  return measure(SORT_ARROW, 'header') + SORT_GAP;
}

function headerWordsWidth(label: string, sortable: boolean, measure: TextWidth): number {
  const longest = Math.max(0, ...label.split(/\s+/).map((word) => measure(word, 'header')));
  return longest + MARGIN + (sortable ? sortArrowWidth(measure) : 0);
}

/** Lines the words take when wrapped greedily into `room` pixels. */
function wrappedLines(words: readonly string[], room: number, measure: TextWidth): number {
  const space = measure(' ', 'header');
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const width = measure(word, 'header');
    if (used > 0 && used + space + width + MARGIN > room) {
      lines += 1;
      used = width;
    } else {
      used += (used > 0 ? space : 0) + width;
    }
  }
  return lines;
}

function valueWidth(column: TableColumnDefinition, record: Record<string, unknown>, input: SizingInput): number {
  const currency = column.currencyField ? record[column.currencyField] : undefined;
  const text = input.format(column.format, record[column.field], typeof currency === 'string' ? currency : undefined);
  if (!text) return 0;
  return input.measure(text, column.format === 'status' ? 'badge' : 'cell');
}

/** The widest row's visible buttons, side by side. */
function actionsWidth(actions: readonly ActionDefinition[], rows: readonly TableRow[], input: SizingInput): number {
  let widest = 0;
  for (const row of rows) {
    const context = { ...input.bindings, record: row.record };
    const shown = actions.filter((action) => isVisible(action, input.ability, context));
    const width =
      shown.reduce((sum, action) => sum + input.measure(input.t(String(action.label)), 'button'), 0) +
      BUTTON_GAP * Math.max(0, shown.length - 1);
    widest = Math.max(widest, width);
  }
  return Math.ceil(widest + MARGIN + 2 * input.padding);
}
