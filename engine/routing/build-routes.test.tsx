import { describe, expect, it } from 'vitest';
import { buildRoutes, joinPath, routePrefixes } from './build-routes.tsx';

const prefixes = { configured: '/fleet', fleetChargeBeta: '/fleet-charge-beta', prod: '/prod' };
const screens = [
  { id: 'landing', path: '/', title: 'common.landing.title', guard: { public: true }, layout: 'public' as const },
  { id: 'not-found', path: '/Error404', title: 'common.notFound.title', guard: { public: true }, layout: 'public' as const },
  { id: 'invoice-list', path: '/invoice-list/:status', title: 'common.menu.invoices', guard: {}, layout: 'shell' as const },
];

describe('route table', () => {
  it('serves every screen under every prefix and catches the rest', () => {
    const paths = buildRoutes(screens, prefixes)[0]!.children![0]!.children!.map((route) => route.path);
    for (const prefix of ['', '/fleet', '/fleet-charge-beta', '/prod']) {
      expect(paths).toContain(joinPath(prefix, '/invoice-list/:status'));
      expect(paths).toContain(joinPath(prefix, '/Error404'));
    }
    expect(paths).toContain('/prod');
    expect(paths.at(-1)).toBe('*');
  });
  it('does not repeat an empty configured prefix', () => {
    expect(routePrefixes({ ...prefixes, configured: '' })).toEqual(['', '/fleet-charge-beta', '/prod']);
  });
});
