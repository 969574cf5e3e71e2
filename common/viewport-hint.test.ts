import { describe, expect, it } from 'vitest';
import { narrowerThan, viewportWidthOf } from './viewport-hint.ts';

describe('the viewport width hint', () => {
  it('reads the width of Sec-CH-Viewport-Width, and nothing from a header that is no width', () => {
    expect(viewportWidthOf('1350')).toBe(1350);
    expect(viewportWidthOf(['390'])).toBe(390);
    for (const header of [undefined, '', '12.5', '-5', '1350px', '99', '100000', '1e3']) expect(viewportWidthOf(header)).toBeUndefined();
  });

  it("writes Mantine's breakpoints as the queries the portal used", () => {
    expect(narrowerThan(768)).toBe('(max-width: 47.99em)');
    expect(narrowerThan(1200)).toBe('(max-width: 74.99em)');
  });
});
