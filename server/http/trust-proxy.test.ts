import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy(' ')).toEqual([]);
  });

  it('takes addresses, CIDR ranges and the proxy-addr range names', () => {
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses trust-everyone, hop counts, host names and bad prefixes', () => {
    for (const value of ['true', '*', '1', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});
