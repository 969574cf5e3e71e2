import { describe, expect, it } from 'vitest';
import { minorFromText, textFromMinor } from './MoneyWidget.tsx';

describe('money input (major units typed, minor units kept)', () => {
  it('reads two decimals exactly, with a point or a comma', () => {
    expect(minorFromText('1234.56')).toBe(123_456);
    expect(minorFromText('0.29')).toBe(29);
    expect(minorFromText('1234,5')).toBe(123_450);
    expect(minorFromText('1,234.50')).toBe(123_450);
    expect(minorFromText(' 12 ')).toBe(1200);
    expect(minorFromText('-1')).toBe(-100);
  });
  it('keeps a third decimal as a fraction of a cent, for the rules to refuse', () => {
    expect(Number.isInteger(minorFromText('10.505'))).toBe(false);
  });
  it('is undefined when empty and NaN when not a number', () => {
    expect(minorFromText('')).toBeUndefined();
    expect(minorFromText('abc')).toBeNaN();
    expect(minorFromText('.')).toBeNaN();
  });
  it('shows minor units with two decimals', () => {
    expect(textFromMinor(250_000)).toBe('2500.00');
    expect(textFromMinor(5)).toBe('0.05');
    expect(textFromMinor(undefined)).toBe('');
  });
});
