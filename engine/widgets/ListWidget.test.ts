import { describe, expect, it } from 'vitest';
import { linkTarget } from './ListWidget.tsx';

describe('linkTarget', () => {
  it('keeps internal paths in the portal', () => {
    expect(linkTarget('/invoice-list/Past Due')).toEqual({ kind: 'internal', path: '/invoice-list/Past Due' });
  });

  it('opens http(s) URLs in a new tab', () => {
    expect(linkTarget('https://demo.example/help/payments')).toEqual({ kind: 'external', href: 'https://demo.example/help/payments' });
    expect(linkTarget('http://demo.example/a b')).toEqual({ kind: 'external', href: 'http://demo.example/a%20b' });
  });

  it('refuses everything else: script, data, protocol-relative and relative URLs, non-strings', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'help/payments', '', null, 42]) {
      expect(linkTarget(url), String(url)).toBeNull();
    }
  });
});
