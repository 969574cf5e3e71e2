import { describe, expect, it } from 'vitest';
import { formatTextScale, parseTextScale } from './text-scale.ts';

describe('the text scale cookie', () => {
  it('keeps two ratios, rounded to two decimals, and reads them back', () => {
    expect(formatTextScale({ regular: 1.0449, bold: 1.1 })).toBe('1.04_1.1');
    expect(parseTextScale('1.04_1.1')).toEqual({ regular: 1.04, bold: 1.1 });
    expect(parseTextScale(formatTextScale({ regular: 1, bold: 0.93 }))).toEqual({ regular: 1, bold: 0.93 });
  });

  it('believes no value a font could not give, nor anything else', () => {
    for (const value of [undefined, '', '1.04', '1.04_', '0.2_1', '1_3', '1.04_1.1_1', 'NaN_1', '1e0_1', ' 1_1', '1.001_1'])
      expect(parseTextScale(value), String(value)).toBeUndefined();
    expect(formatTextScale({ regular: 0.2, bold: 1 })).toBeUndefined();
    expect(formatTextScale({ regular: Number.NaN, bold: 1 })).toBeUndefined();
  });
});
