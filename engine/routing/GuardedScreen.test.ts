import { describe, expect, it } from 'vitest';
import { routes, textNamespaces } from 'virtual:portal-screens';
import { NAMESPACES } from '../i18n/i18n.ts';
import { routeGuard, screenNamespaces } from './GuardedScreen.tsx';

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

  it('are every namespace in the signed-in frame', () => {
    expect(screenNamespaces(route('account-overview'), undefined)).toBe(NAMESPACES);
    expect(NAMESPACES).toContain('table');
  });
});

describe('the guard a route applies', () => {
  it('is the definition\'s, merged with the tenant override of that screen only', () => {
    const overview = route('account-overview');
    expect(routeGuard(overview, undefined)).toBe(overview.guard);
    expect(routeGuard(overview, { login: { guard: { roles: ['Admin'] } } })).toBe(overview.guard);
    expect(routeGuard(overview, { 'account-overview': { guard: { roles: ['Admin'] } } })).toEqual({ ...overview.guard, roles: ['Admin'] });
  });
});
