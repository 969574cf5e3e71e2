import { describe, expect, it } from 'vitest';
import { withPrefix, withoutPrefix } from './navigation.ts';

describe('navigation prefixes (spec §2)', () => {
  it('adds the configured prefix to programmatic navigation once', () => {
    expect(withPrefix('/account/overview', '/fleet')).toBe('/fleet/account/overview');
    expect(withPrefix('/fleet/account/overview', '/fleet')).toBe('/fleet/account/overview');
    expect(withPrefix('/account/overview', '')).toBe('/account/overview');
  });
  it('strips known prefixes', () => {
    expect(withoutPrefix('/prod/invoice-list/Billed', ['/fleet-charge-beta', '/prod'])).toBe('/invoice-list/Billed');
    expect(withoutPrefix('/prod', ['/prod'])).toBe('/');
    expect(withoutPrefix('/production', ['/prod'])).toBe('/production');
  });
});
