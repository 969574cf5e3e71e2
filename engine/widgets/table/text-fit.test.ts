import { describe, expect, it } from 'vitest';
import { type KindRatios, UNSCALED } from '../../../common/text-scale.ts';
import { estimatedTextWidth, kindOf, textScaleOf } from './text-fit.ts';

const kinds = (letter: number, capital: number, digit: number, cyrillic: number): KindRatios => ({ letter, capital, digit, cyrillic });

describe("the server's estimate of text widths", () => {
  it('tells the kinds of character a font draws in proportions of its own', () => {
    expect([...'aß-ÄZ7Жж '].map(kindOf)).toEqual([
      'letter',
      'letter',
      'letter',
      'capital',
      'capital',
      'digit',
      'cyrillic',
      'cyrillic',
      'letter',
    ]);
  });

  it("scales each character by its kind's ratio, regular and bold apart", () => {
    const plain = estimatedTextWidth('bg');
    const scaled = estimatedTextWidth('bg', { regular: kinds(1.1, 1, 1, 1.2), bold: kinds(1.05, 1, 1.3, 1) });
    expect(scaled('Сума', 'cell')).toBeCloseTo(plain('Сума', 'cell') * 1.2, 9);
    expect(scaled('betrag', 'cell')).toBeCloseTo(plain('betrag', 'cell') * 1.1, 9);
    expect(scaled('2026', 'cell')).toBeCloseTo(plain('2026', 'cell'), 9);
    expect(scaled('2026', 'header')).toBeCloseTo(plain('2026', 'header') * 1.3, 9);
    expect(scaled('Сума', 'header')).toBeCloseTo(plain('Сума', 'header'), 9);
    // A text of several kinds adds its parts up.
    expect(scaled('Betrag 2026', 'cell')).toBeCloseTo(plain('B', 'cell') + plain('etrag ', 'cell') * 1.1 + plain('2026', 'cell'), 9);
  });

  it("reads back from a font's widths the ratios of each kind it draws in", () => {
    const font = { regular: kinds(1.13, 1.02, 1.05, 1.16), bold: kinds(1.1, 0.97, 1.08, 1.2) };
    const scale = textScaleOf(estimatedTextWidth('en', font));
    for (const weight of ['regular', 'bold'] as const)
      for (const [kind, ratio] of Object.entries(font[weight]))
        expect(scale[weight][kind as keyof KindRatios], `${weight} ${kind}`).toBeCloseTo(ratio, 9);
    expect(textScaleOf(estimatedTextWidth('en'))).toEqual(UNSCALED);
  });
});
