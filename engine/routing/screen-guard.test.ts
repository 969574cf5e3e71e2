import { describe, expect, it } from 'vitest';
import { frameTexts, guards } from 'virtual:portal-screen-guards';
import { routes, textNamespaces } from 'virtual:portal-screens';
import { NAMESPACES } from '../i18n/i18n.ts';
import { routeGuard, screenNamespaces } from './screen-guard.ts';

const route = (id: string) => routes.find((screen) => screen.id === id)!;

describe('the texts a screen waits for', () => {
  it('are the namespaces its definition names (the manifest lists them)', () => {
    expect(textNamespaces.login).toEqual(['auth', 'errors']);
    expect(screenNamespaces(route('login'), undefined)).toEqual(['auth', 'errors']);
  });

  it('include those of the tenant override of the screen', () => {
    const override = { body: [{ widget: 'markdown', text: 'legacy.notFound.text' }] };
    expect(screenNamespaces(route('login'), override)).toEqual(['auth', 'errors', 'legacy']);
  });

  it('are, in the signed-in frame, those the frame lists for the screen (issue 25: not all twenty)', () => {
    expect(frameTexts['account-overview']).toEqual(['common', 'loyalty', 'overview']);
    expect(screenNamespaces(route('account-overview'), undefined, frameTexts)).toEqual(['common', 'loyalty', 'overview']);
    // A table's own texts (pager, toolbar) come with it.
    expect(frameTexts['invoice-list']).toContain('table');
    // Before the frame's chunk is in, a frame screen would take every namespace.
    expect(screenNamespaces(route('account-overview'), undefined)).toBe(NAMESPACES);
  });

  it('are every namespace for a frame screen that mounts a plugin (its texts are its own)', () => {
    const pluginScreen = Object.entries(frameTexts).find(([id]) => id === 'payment-due');
    expect(pluginScreen?.[1]).toEqual(NAMESPACES);
  });
});

describe('the guard a route applies', () => {
  it("is the definition's, merged with the tenant override of that screen only", () => {
    const overview = route('account-overview');
    const guard = guards['account-overview']!;
    expect(guard.can).toEqual(['read', 'Exposure']);
    expect(routeGuard(overview, undefined, guard)).toBe(guard);
    expect(routeGuard(overview, { login: { guard: { roles: ['Admin'] } } }, guard)).toBe(guard);
    expect(routeGuard(overview, { 'account-overview': { guard: { roles: ['Admin'] } } }, guard)).toEqual({ ...guard, roles: ['Admin'] });
  });

  it("of a screen in the signed-in frame is not in the router's table: only signing in is checked before the frame loads", () => {
    expect(route('account-overview').guard).toBeUndefined();
    expect(route('login').guard).toEqual({ public: true });
    expect(routeGuard(route('account-overview'), undefined)).toEqual({});
    // A tenant may still open a frame screen to everyone.
    expect(routeGuard(route('account-overview'), { 'account-overview': { guard: { public: true } } })).toEqual({ public: true });
  });
});
