import type { PortalAbility } from '../../../domain/policy.ts';
import { isVisible } from '../../../domain/conditions.ts';
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
/** A column without a width grows with its content up to this many pixels, then clips. */
const MAX_CONTENT_WIDTH = 320;
/** Canvas and layout may round a glyph run differently (text-fit.ts MARGIN). */
const MARGIN = 1;

/**
 * The least width of each column, in pixels (issue 13: tables fit at 1366 px): the header's
 * longest word (headers wrap between words) and the widest value on the page, up to the
 * definition's width (beyond it a value clips with an ellipsis). The row-actions column is as
 * wide as the widest row's buttons, so they never clip.
 * @example columnMinimums([{ id: 'dueDate', column, sortable: true }], input) // [104]
 */
export function columnMinimums(columns: readonly SizedColumn[], input: SizingInput): number[] {
  const rows = input.rows.slice(0, SAMPLE_ROWS);
  return columns.map((sized) => {
    if (sized.width !== undefined) return sized.width;
    if (sized.rowActions) return actionsWidth(sized.rowActions, rows, input);
    const column = sized.column!;
    const header = headerWordsWidth(input.t(column.label), sized.sortable, input.measure);
    let widest = 0;
    for (const row of rows) widest = Math.max(widest, valueWidth(column, row.record, input));
    const cap = column.width ?? MAX_CONTENT_WIDTH;
    return Math.ceil(Math.max(header, Math.min(widest + MARGIN, cap - 2 * input.padding)) + 2 * input.padding);
  });
}

/** How many lines the headers need at their columns' least widths (the header row's height). */
export function headerLines(columns: readonly SizedColumn[], minimums: readonly number[], input: Pick<SizingInput, 't' | 'measure' | 'padding'>): number {
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
    const width = shown.reduce((sum, action) => sum + input.measure(input.t(String(action.label)), 'button'), 0) + BUTTON_GAP * Math.max(0, shown.length - 1);
    widest = Math.max(widest, width);
  }
  return Math.ceil(widest + MARGIN + 2 * input.padding);
}
