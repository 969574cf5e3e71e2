import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath, signInReason } from './return-path.ts';

describe('the page to return to after signing in (issue 26 defect 3)', () => {
  it('keeps a path of the portal with its query and hash', () => {
    expect(safeReturnPath('/invoice/T-1001-0016')).toBe('/invoice/T-1001-0016');
    expect(safeReturnPath('/prod/invoice-list/Billed?page=2#top')).toBe('/prod/invoice-list/Billed?page=2#top');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'invoice/T-1'],
    ['a control character', '/invoice/\nT-1'],
    ['a tab inside the host part', '/\t/evil.example'],
    ['nothing', ''],
    ['not a string', 42],
    ['the sign-in page itself', '/login?next=/x'],
    ['the sign-in page under a prefix', '/prod/login'],
    ['a recovery page', '/reset-password/abc'],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses an overlong path', () => {
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('builds the sign-in path with the page and the reason, dropping an unsafe page', () => {
    expect(signInPath('/invoice/T-1', 'noAccess')).toBe('/login?next=%2Finvoice%2FT-1&reason=noAccess');
    expect(signInPath('/account/overview', 'sessionExpired')).toBe('/login?next=%2Faccount%2Foverview&reason=sessionExpired');
    expect(signInPath('//evil.example', 'noAccess')).toBe('/login?reason=noAccess');
    expect(signInPath('/account/overview', null)).toBe('/login?next=%2Faccount%2Foverview');
  });

  it('knows only the reasons the sign-in page explains', () => {
    expect(signInReason('sessionExpired')).toBe('sessionExpired');
    expect(signInReason('noAccess')).toBe('noAccess');
    expect(signInReason('<script>')).toBeNull();
  });
});
