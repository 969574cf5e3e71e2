import { describe, expect, it } from 'vitest';
import { canonicalPath } from './canonical-route.ts';

describe('canonicalPath (an invoice opened by its invoice id, issue 26)', () => {
  it('puts the canonical id in the segment that held the other one, keeping a prefix', () => {
    expect(canonicalPath('/invoice/INV-100004', 'INV-100004', 'T-1001-0004')).toBe('/invoice/T-1001-0004');
    expect(canonicalPath('/prod/invoice/INV-100004', 'INV-100004', 'T-1001-0004')).toBe('/prod/invoice/T-1001-0004');
  });

  it('matches an encoded segment and encodes the new one', () => {
    expect(canonicalPath('/invoice/INV%2F7', 'INV/7', 'T 1')).toBe('/invoice/T%201');
  });

  it('gives nothing when no segment holds the id', () => {
    expect(canonicalPath('/invoice/other', 'INV-100004', 'T-1001-0004')).toBeUndefined();
  });
});
