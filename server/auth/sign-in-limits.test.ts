import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import { DEFAULT_PUBLIC_ORIGIN, lockMinutes, normaliseName, publicOrigin } from './sign-in-limits.ts';

describe('sign-in limits', () => {
  it('grows each pause by the growth factor from the base, up to the cap', () => {
    const limits = { baseMinutes: 15, growthFactor: 2, maxMinutes: 100 };
    expect([1, 2, 3, 4, 5].map((lock) => lockMinutes(limits, lock))).toEqual([15, 30, 60, 100, 100]);
    expect(lockMinutes({ baseMinutes: 5, growthFactor: 1, maxMinutes: 60 }, 9)).toBe(5);
  });

  it('counts names that differ only in case, width or surrounding blanks as one', () => {
    expect(normaliseName('  Admin ')).toBe('admin');
    expect(normaliseName('ＡＤＭＩＮ')).toBe('admin');
  });

  it('builds links from the configured origin, without a trailing slash, else the demo default', () => {
    expect(publicOrigin({ publicOrigin: 'https://portal.example/' } as Tenant)).toBe('https://portal.example');
    expect(publicOrigin({} as Tenant, {})).toBe(DEFAULT_PUBLIC_ORIGIN);
  });

  it('follows PORT and HOST when the tenant configures no origin, naming a wildcard address localhost (issue 26 item 4)', () => {
    expect(publicOrigin({} as Tenant, { PORT: '3000' })).toBe('http://localhost:3000');
    expect(publicOrigin({} as Tenant, { PORT: '3000', HOST: '0.0.0.0' })).toBe('http://localhost:3000');
    expect(publicOrigin({} as Tenant, { HOST: 'portal.internal' })).toBe('http://portal.internal:8080');
    expect(publicOrigin({} as Tenant, { HOST: '::1', PORT: '9000' })).toBe('http://[::1]:9000');
    expect(publicOrigin({ publicOrigin: 'https://portal.example' } as Tenant, { PORT: '3000' })).toBe('https://portal.example');
  });

  it("leaves the demo tenant's origin to PORT and HOST", () => {
    const demo = JSON.parse(readFileSync(new URL('../../tenants/demo.json', import.meta.url), 'utf8')) as Tenant;
    expect(demo.publicOrigin).toBeUndefined();
  });
});
