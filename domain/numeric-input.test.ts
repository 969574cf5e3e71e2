import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { formatScaled, parseDecimal } from './numeric-input.ts';

const cents = { decimals: 2, minimum: 0, maximum: 1_000_00 };

describe('parseDecimal (spec §5 numeric inputs)', () => {
  it('scales decimal text to an integer without floats', () => {
    expect(parseDecimal('12.5', cents)).toEqual({ ok: true, scaled: 1250 });
    expect(parseDecimal(' 0.07 ', cents)).toEqual({ ok: true, scaled: 7 });
    expect(parseDecimal('.5', cents)).toEqual({ ok: true, scaled: 50 });
    expect(parseDecimal('3.', cents)).toEqual({ ok: true, scaled: 300 });
    expect(parseDecimal('1.10', cents)).toEqual({ ok: true, scaled: 110 });
    // 0.1 + 0.2 style float errors cannot happen: 1000.005 with 3 decimals is exactly 1000005.
    expect(parseDecimal('1000.005', { decimals: 3, minimum: 0, maximum: 10 ** 9 })).toEqual({ ok: true, scaled: 1_000_005 });
  });

  it('refuses text that is not a plain decimal number', () => {
    for (const text of ['', 'abc', '1e3', '1,5', '1.2.3', '--1', '0x10', 'Infinity', '1 000']) {
      expect(parseDecimal(text, cents)).toEqual({ ok: false, code: ErrorCode.validationNumber });
    }
  });

  it('refuses more decimals than allowed, keeping trailing zeros harmless', () => {
    expect(parseDecimal('1.005', cents)).toEqual({ ok: false, code: ErrorCode.validationDecimals, values: { limit: 2 } });
    expect(parseDecimal('1.500', cents)).toEqual({ ok: true, scaled: 150 });
  });

  it('refuses values beyond the bounds, naming the bound as decimal text', () => {
    expect(parseDecimal('-0.01', cents)).toEqual({ ok: false, code: ErrorCode.validationMinimum, values: { limit: '0.00' } });
    expect(parseDecimal('1000.01', cents)).toEqual({ ok: false, code: ErrorCode.validationMaximum, values: { limit: '1000.00' } });
    expect(parseDecimal('1000.00', cents)).toEqual({ ok: true, scaled: 100_000 });
  });

  it('refuses values too large to be exact before anything else', () => {
    expect(parseDecimal('90071992547409.93', cents)).toEqual({ ok: false, code: ErrorCode.validationPrecision });
    expect(parseDecimal('123456789012345678901234567890', cents)).toEqual({ ok: false, code: ErrorCode.validationPrecision });
  });

  it('formats scaled values back', () => {
    expect(formatScaled(5, 2)).toBe('0.05');
    expect(formatScaled(-12345, 2)).toBe('-123.45');
    expect(formatScaled(7, 0)).toBe('7');
  });
});
