import { describe, expect, it } from 'vitest';
import { currentPrefix, prefixedPath, withPrefix, withoutPrefix } from './navigation.ts';

const demo = { configured: '', fleetChargeBeta: '/fleet-charge-beta', prod: '/prod' };
const fleet = { configured: '/fleet', fleetChargeBeta: '/fleet-charge-beta', prod: '/prod' };

describe('navigation prefixes (spec §2)', () => {
  it('adds the configured prefix to programmatic navigation once', () => {
    expect(withPrefix('/account/overview', '/fleet')).toBe('/fleet/account/overview');
    expect(withPrefix('/fleet/account/overview', '/fleet')).toBe('/fleet/account/overview');
    expect(withPrefix('/account/overview', '')).toBe('/account/overview');
    expect(withPrefix('/', '/prod')).toBe('/prod');
  });

  it('strips known prefixes', () => {
    expect(withoutPrefix('/prod/invoice-list/Billed', ['/fleet-charge-beta', '/prod'])).toBe('/invoice-list/Billed');
    expect(withoutPrefix('/prod', ['/prod'])).toBe('/');
    expect(withoutPrefix('/production', ['/prod'])).toBe('/production');
  });

  it('keeps the prefix the user came in with, else the configured one (issue 13)', () => {
    expect(currentPrefix('/prod/login', demo)).toBe('/prod');
    expect(currentPrefix('/fleet-charge-beta/account/overview', demo)).toBe('/fleet-charge-beta');
    expect(currentPrefix('/login', demo)).toBe('');
    expect(currentPrefix('/login', fleet)).toBe('/fleet');
    expect(currentPrefix('/prod/login', fleet)).toBe('/prod');
    expect(currentPrefix('/production/login', demo)).toBe('');
  });

  it('builds paths under the current prefix, leaving a path already under a known one', () => {
    expect(prefixedPath('/account/overview', '/prod', demo)).toBe('/prod/account/overview');
    expect(prefixedPath('/account/overview', '', demo)).toBe('/account/overview');
    // A guard's `from` (the page the user asked for) is already prefixed.
    expect(prefixedPath('/fleet-charge-beta/invoice-list/Billed', '/prod', demo)).toBe('/fleet-charge-beta/invoice-list/Billed');
    expect(prefixedPath('/account/overview', '/fleet', fleet)).toBe('/fleet/account/overview');
  });
});
