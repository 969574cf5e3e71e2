import { describe, expect, it } from 'vitest';
import { formatTextScale, type KindRatios, parseTextScale } from './text-scale.ts';

const kinds = (letter: number, capital: number, digit: number, cyrillic: number): KindRatios => ({ letter, capital, digit, cyrillic });

describe('the text scale cookie', () => {
  it("keeps each kind of character's ratio, regular then bold, rounded to two decimals, and reads them back", () => {
    const scale = { regular: kinds(1.0949, 1.02, 1.05, 1.155), bold: kinds(1.13, 1.03, 1, 1.16) };
    expect(formatTextScale(scale)).toBe('1.09-1.02-1.05-1.16_1.13-1.03-1-1.16');
    expect(parseTextScale('1.09-1.02-1.05-1.16_1.13-1.03-1-1.16')).toEqual({
      regular: kinds(1.09, 1.02, 1.05, 1.16),
      bold: kinds(1.13, 1.03, 1, 1.16),
    });
  });

  it('reads the cookie of one ratio per weight as that ratio for every kind', () => {
    expect(parseTextScale('1.08_1.09')).toEqual({ regular: kinds(1.08, 1.08, 1.08, 1.08), bold: kinds(1.09, 1.09, 1.09, 1.09) });
  });

  it('believes no value a font could not give, nor anything else', () => {
    for (const value of [
      undefined,
      '',
      '1.04',
      '1.04_',
      '0.2_1',
      '1_3',
      '1.04_1.1_1',
      'NaN_1',
      '1e0_1',
      ' 1_1',
      '1.001_1',
      '1-1-1_1-1-1',
      '1-1-1-1-1_1-1-1-1',
      '1-1-1-0.5_1-1-1-1',
      '1--1-1-1_1-1-1-1',
    ])
      expect(parseTextScale(value), String(value)).toBeUndefined();
    expect(formatTextScale({ regular: kinds(0.2, 1, 1, 1), bold: kinds(1, 1, 1, 1) })).toBeUndefined();
    expect(formatTextScale({ regular: kinds(1, 1, 1, 1), bold: kinds(1, 1, Number.NaN, 1) })).toBeUndefined();
  });
});
