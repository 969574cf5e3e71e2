import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnTracks, SELECT_COLUMN_ID, type PortalColumn } from './columns.tsx';
import { NOTHING_FITS, textFitIn } from './text-fit.ts';

/** A leaf column as columnTracks reads it: its id and the widths of its meta. */
const column = (id: string, width?: number, own?: number) => ({ id, columnDef: { meta: { column: width === undefined ? { field: id, label: id } : { field: id, label: id, width }, width: own } } }) as unknown as PortalColumn;

describe('column tracks (a fixed table layout as CSS grid tracks)', () => {
  it('shares extra room in proportion to the widths when every column has one; the selection column keeps its own', () => {
    expect(columnTracks([column(SELECT_COLUMN_ID, undefined, 44), column('invoiceId', 140), column('amount', 130)]))
      .toEqual({ template: '44px minmax(140px, 140fr) minmax(130px, 130fr)', minWidth: 314 });
  });

  it('gives columns without a width what the others leave, in equal shares', () => {
    expect(columnTracks([column('line', 80), column('description'), column('quantity')]))
      .toEqual({ template: '80px minmax(0, 1fr) minmax(0, 1fr)', minWidth: 80 });
  });
});

describe('text fit (which cells clip)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  /** A table whose canvas measures 7 px per character in the cell font and 6 px in the badge's (bold 11 px). */
  function table(withCanvas = true) {
    const measured: string[] = [];
    const context = { font: '', measureText(text: string) { measured.push(text); return { width: text.length * (this.font.startsWith('700 11px') ? 6 : 7) }; } };
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
