import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalAbility } from '../../../domain/policy.ts';
import type { BindingContext } from '../../definitions/bindings.ts';
import type { Translate } from '../../i18n/use-text.ts';
import { ACTIONS_COLUMN_ID, columnTracks, SELECT_COLUMN_ID, type PortalColumn } from './columns.tsx';
import { columnSizes, fitToWidth, headerLines, planColumns, type SizedColumn } from './content-widths.ts';
import { cardFields } from './RowCards.tsx';
import { NOTHING_FITS, textFitIn, type TextWidth } from './text-fit.ts';

/** A leaf column as columnTracks reads it: its id and the widths of its meta. */
const column = (id: string, width?: number, own?: number) =>
  ({
    id,
    columnDef: { meta: { column: width === undefined ? { field: id, label: id } : { field: id, label: id, width }, width: own } },
  }) as unknown as PortalColumn;

describe('column tracks (content-sized grid tracks)', () => {
  it("gives each column at least its content and shares the rest in proportion to the definition's widths", () => {
    expect(columnTracks([column(SELECT_COLUMN_ID, undefined, 44), column('invoiceId', 140), column('amount', 130)], [44, 96, 104])).toEqual(
      { template: '44px minmax(96px, 140fr) minmax(104px, 130fr)', minWidth: 244 },
    );
  });

  it('weighs a column without a width by its content; the row actions keep theirs', () => {
    expect(columnTracks([column('line', 80), column('description'), column(ACTIONS_COLUMN_ID)], [60, 150, 180])).toEqual({
      template: 'minmax(60px, 80fr) minmax(150px, 150fr) 180px',
      minWidth: 390,
    });
  });
});

/** 7 px per character in every look; a button adds 16 px, a badge 16 px (enough for these sums). */
const measure: TextWidth = (text, look = 'cell') => text.length * 7 + (look === 'button' || look === 'badge' ? 16 : 0);
const sizingInput = (rows: Array<Record<string, unknown>>) => ({
  rows: rows.map((record, index) => ({ id: String(index), record })),
  measure,
  t: ((key: string) =>
    (({ 'f.po': 'PO number', 'f.merchant': 'Merchant', 'a.remove': 'Remove', 'a.use': 'Use for AutoPay' }) as Record<string, string>)[
      key
    ] ?? key) as Translate,
  format: (_name: unknown, value: unknown) => (value === undefined || value === null ? '' : String(value)),
  ability: { can: () => true } as unknown as PortalAbility,
  bindings: {} as BindingContext,
  padding: 10,
});

describe('column minimums (issue 13: tables fit at 1366 px)', () => {
  it('is the longest header word (plus the sort arrow) or the widest value, whichever is wider', () => {
    const po: SizedColumn = { id: 'po', column: { field: 'po', label: 'f.po', width: 110 }, sortable: true };
    // "number": 6 × 7 + 1 px margin + the arrow (7) and its gap (4) = 54, plus 2 × 10 px padding.
    expect(columnSizes([po], sizingInput([{ po: 'PO-1' }]))).toEqual([{ least: 74, soft: 74, floor: 74 }]);
    // 'PO-123456': 9 × 7 + 1 = 64 (the floor keeps 56 of it).
    expect(columnSizes([po], sizingInput([{ po: 'PO-123456' }, { po: null }]))).toEqual([{ least: 84, soft: 76, floor: 76 }]);
  });

  it("grows past the definition's width (only a weight) up to 320 px, and may be squeezed to its header or a few characters", () => {
    const merchant: SizedColumn = { id: 'merchant', column: { field: 'merchant', label: 'f.merchant', width: 120 }, sortable: false };
    // 32 × 7 + 1 + 2 × 10 = 245; the floor is the header's "Merchant" (8 × 7 + 1 = 57), wider than a squeezed value.
    expect(columnSizes([merchant], sizingInput([{ merchant: 'A very long merchant name indeed' }]))).toEqual([
      { least: 245, soft: 77, floor: 77 },
    ]);
    expect(columnSizes([merchant], sizingInput([{ merchant: 'M'.repeat(60) }]))).toEqual([{ least: 320, soft: 77, floor: 77 }]);
  });

  it('squeezes a status badge only as the last resort', () => {
    const status: SizedColumn = { id: 'role', column: { field: 'role', label: 'Role', format: 'status', width: 80 }, sortable: false };
    // 'Card viewer' as a badge: 11 × 7 + 16 + 1 + 2 × 10 = 114; squeezed, 56 + 20.
    expect(columnSizes([status], sizingInput([{ role: 'Card viewer' }]))).toEqual([{ least: 114, soft: 114, floor: 76 }]);
  });

  it("sizes the row actions to the widest row's visible buttons, and keeps a fixed width as it is", () => {
    const actions: SizedColumn = {
      id: ACTIONS_COLUMN_ID,
      sortable: false,
      rowActions: [
        { do: 'mutate', label: 'a.use', when: { 'record.autopay': false } },
        { do: 'mutate', label: 'a.remove' },
      ],
    };
    const select: SizedColumn = { id: SELECT_COLUMN_ID, sortable: false, width: 44 };
    // "Use for AutoPay" (15 × 7 + 16) + 4 px gap + "Remove" (6 × 7 + 16) + 1 + 2 × 10 = 204.
    expect(columnSizes([select, actions], sizingInput([{ autopay: true }, { autopay: false }]))).toEqual([
      { least: 44, soft: 44, floor: 44 },
      { least: 204, soft: 204, floor: 204 },
    ]);
  });

  it("counts the lines a header wraps to at its column's least width", () => {
    const po: SizedColumn = { id: 'po', column: { field: 'po', label: 'f.po', width: 110 }, sortable: false };
    const input = sizingInput([]);
    expect(headerLines([po], [200], input)).toBe(1);
    expect(headerLines([po], [70], input)).toBe(2);
  });
});

describe('fitting the columns to the box (issue 13: no sideways scroll whatever the rows)', () => {
  const email = { least: 300, soft: 80, floor: 80 };
  const name = { least: 200, soft: 70, floor: 70 };
  const date = { least: 100, soft: 90, floor: 90 };
  const badge = { least: 160, soft: 160, floor: 80 };
  const actions = { least: 180, soft: 180, floor: 180 };

  it('keeps every least width when they fit, or when the box is not measured yet', () => {
    expect(fitToWidth([email, date, actions], 580)).toEqual([300, 100, 180]);
    expect(fitToWidth([email, date, actions], 0)).toEqual([300, 100, 180]);
  });

  it('squeezes the widest columns first, to a common width, and never the row actions', () => {
    // 100 px too many: the e-mail gives all of it.
    expect(fitToWidth([email, name, date, actions], 680)).toEqual([200, 200, 100, 180]);
    // 300 px too many: e-mail and name both come down to 150.
    expect(fitToWidth([email, name, date, actions], 580)).toEqual([150, 150, 100, 180]);
  });

  it('squeezes a badge only once the text columns are at their floors', () => {
    expect(fitToWidth([email, badge, actions], 440)).toEqual([100, 160, 180]);
    expect(fitToWidth([email, badge, actions], 400)).toEqual([80, 140, 180]);
  });

  it("stops at each floor, and scrolls (the floors' sum) only when even those do not fit", () => {
    expect(fitToWidth([email, name, date, badge, actions], 400)).toEqual([80, 70, 90, 80, 180]);
    const squeezed = fitToWidth([email, name, date, actions], 450);
    expect(squeezed.reduce((total, width) => total + width, 0)).toBeLessThanOrEqual(450);
    expect(squeezed.slice(2)).toEqual([90, 180]);
  });
});

describe('key and optional columns (issue 26: identifiers and amounts are never clipped)', () => {
  it('sizes a key column to its widest value, past 320 px, and never lets it be squeezed', () => {
    const email: SizedColumn = { id: 'email', column: { field: 'email', label: 'E-mail', priority: 'key' }, sortable: false };
    // 60 × 7 + 1 + 2 × 10 = 441, whole.
    expect(columnSizes([email], sizingInput([{ email: 'a'.repeat(60) }]))).toEqual([{ least: 441, soft: 441, floor: 441 }]);
  });

  const key = { least: 150, soft: 150, floor: 150 };
  const name = { least: 200, soft: 70, floor: 70 };
  const optional = { least: 120, soft: 60, floor: 60 };

  it('drops nothing when everything fits, or while the box is not measured', () => {
    expect(planColumns([key, name, optional], [false, false, true], 470)).toEqual({ dropped: [], widths: [150, 200, 120] });
    expect(planColumns([key, name, optional], [false, false, true], 0)).toEqual({ dropped: [], widths: [150, 200, 120] });
  });

  it('drops the droppable columns, the rightmost first, before it squeezes any', () => {
    expect(planColumns([key, optional, name, optional], [false, true, false, true], 480)).toEqual({
      dropped: [3],
      widths: [150, 120, 200, 0],
    });
    expect(planColumns([key, optional, name, optional], [false, true, false, true], 400)).toEqual({
      dropped: [1, 3],
      widths: [150, 0, 200, 0],
    });
  });

  it('then squeezes the other columns, never a key one; a column the user picked is not droppable', () => {
    expect(planColumns([key, name, optional], [false, false, true], 260)).toEqual({ dropped: [2], widths: [150, 110, 0] });
    const kept = planColumns([key, name, optional], [false, false, false], 300);
    expect(kept.dropped).toEqual([]);
    expect(kept.widths[0]).toBe(150);
    expect(kept.widths.reduce((total, width) => total + width, 0)).toBe(300);
  });

  it("puts the key columns first on a phone's card, then the others it is given", () => {
    const columns = [
      { field: 'status', label: 's' },
      { field: 'po', label: 'p', priority: 'optional' as const },
      { field: 'invoiceId', label: 'i', priority: 'key' as const },
      { field: 'hidden', label: 'h' },
      { field: 'amount', label: 'a', priority: 'key' as const },
    ];
    expect(
      cardFields(columns, (column) => column.field !== 'hidden' && column.priority !== 'optional').map((column) => column.field),
    ).toEqual(['invoiceId', 'amount', 'status']);
  });
});

describe('text fit (which cells clip)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A table whose canvas measures 7 px per character in the cell font and 6 px in the badge's (bold 11 px). */
  function table(withCanvas = true) {
    const measured: string[] = [];
    const context = {
      font: '',
      measureText(text: string) {
        measured.push(text);
        return { width: text.length * (this.font.startsWith('700 11px') ? 6 : 7) };
      },
    };
    vi.stubGlobal('getComputedStyle', () => ({ fontStyle: 'normal', fontWeight: '400', fontSize: '14px', fontFamily: 'system-ui' }));
    const element = {
      ownerDocument: { documentElement: { lang: 'en' }, createElement: () => ({ getContext: () => (withCanvas ? { ...context } : null) }) },
    } as unknown as Element;
    return { element, measured };
  }

  it('fits a text whose width, plus a pixel of margin, is within the room', () => {
    const fits = textFitIn(table().element);
    expect(fits('INV-1001', 8 * 7 + 1)).toBe(true);
    expect(fits('INV-1001', 8 * 7)).toBe(false);
  });

  it('measures each simple character once, and other scripts as a whole text', () => {
    const { element, measured } = table();
    const fits = textFitIn(element);
    fits('ABBA', 100);
    fits('BAA', 100);
    expect(measured).toEqual(['A', 'B']);
    fits('مرحبا', 100);
    expect(measured).toEqual(['A', 'B', 'مرحبا']);
  });

  it('measures a status as its badge shows it: upper case, letter spacing and padding', () => {
    const fits = textFitIn(table().element);
    // 'Paid' → 'PAID': 4 × 6 px + 4 × 0.25 px + 2 × 8 px + 1 px of margin = 42 px.
    expect(fits('Paid', 42, 'badge')).toBe(true);
    expect(fits('Paid', 41.5, 'badge')).toBe(false);
  });

  it('clips every cell when there is no canvas to measure with', () => {
    expect(textFitIn(table(false).element)).toBe(NOTHING_FITS);
    expect(NOTHING_FITS('', 1000)).toBe(false);
  });
});
