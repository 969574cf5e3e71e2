import { describe, expect, it } from 'vitest';
import { routeHintFor, type RouteHint } from './route-hints.ts';

const hint = (path: string): RouteHint => ({ path, signedIn: true, modules: [], styles: [], namespaces: [] });
const hints = { routes: [hint('/invoice/:id'), hint('/invoice/new'), hint('/invoice-list/:status'), hint('/account/overview')] };

describe('the route hint of a path', () => {
  it('matches the screen path pattern, parameters and a trailing slash included', () => {
    expect(routeHintFor(hints, '/invoice-list/Billed')?.path).toBe('/invoice-list/:status');
    expect(routeHintFor(hints, '/invoice-list/Past%20Due/')?.path).toBe('/invoice-list/:status');
    expect(routeHintFor(hints, '/account/overview')?.path).toBe('/account/overview');
  });

  it('prefers a static segment to a parameter', () => {
    expect(routeHintFor(hints, '/invoice/new')?.path).toBe('/invoice/new');
    expect(routeHintFor(hints, '/invoice/T-1')?.path).toBe('/invoice/:id');
  });

  it('finds the screen under a path prefix (spec §2: one leading segment)', () => {
    expect(routeHintFor(hints, '/prod/account/overview')?.path).toBe('/account/overview');
  });

  it('has none for a path no screen has, nor for a malformed one', () => {
    expect(routeHintFor(hints, '/nowhere/at/all')).toBeUndefined();
    expect(routeHintFor(hints, '/invoice-list/%E0%A4%A')).toBeUndefined();
    expect(routeHintFor(hints, '/invoice-list/a/b')).toBeUndefined();
  });
});
