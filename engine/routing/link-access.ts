/**
 * Issue 26 defect 3: the portal never offers a link its user cannot open. A link's target is the
 * screen the router would open for it; the link shows as a link only when that screen's guard
 * (spec §5, under the tenant's override) lets this user in, or only asks a customer or merchant
 * to be chosen first. Signed-in frame only: it carries every screen's guard.
 */
import { useCallback, useMemo } from 'react';
import { matchRoutes } from 'react-router';
import { guards } from 'virtual:portal-screen-guards';
import { routes } from 'virtual:portal-screens';
import { decideGuard, type GuardContext } from '../../domain/route-guards.ts';
import { usePortalAbility } from '../policy/AbilityProvider.tsx';
import { useSession } from '../session/store.ts';
import { guardContextOf, routeGuard } from './screen-guard.ts';
import { withoutPrefix, type PathPrefixes } from './navigation.ts';

/** The router's ranking (static segments before parameters before `*`) picks the screen. */
const table = routes.map((route) => ({ path: route.path, id: route.id }));

/** A path's first segment as the router compares it (case-insensitively); '' for the root. */
const firstSegment = (path: string) => (path.split('/').find(Boolean) ?? '').toLowerCase();
/** Whether a route's first segment is a parameter, a splat, optional or absent: it may match any first segment. */
const matchesAnyFirst = (path: string) => {
  const first = path.split('/').find(Boolean) ?? '';
  return first === '' || first.startsWith(':') || first.includes('*') || first.endsWith('?');
};
/**
 * The routes that can match a path, by its first segment, each list in the table's order:
 * matchRoutes flattens and ranks every route it is given on each call, which a table cell's
 * link check (a few per row entering the view, issue 25) cannot afford for the whole table.
 * A route whose first segment differs can never match, so leaving it out changes no answer.
 */
const candidates = (() => {
  const open = table.filter((route) => matchesAnyFirst(route.path));
  const byFirst = new Map<string, typeof table>();
  for (const route of table) {
    if (matchesAnyFirst(route.path)) continue;
    const key = firstSegment(route.path);
    byFirst.set(key, [...(byFirst.get(key) ?? []), route]);
  }
  const ordered = (routesOf: typeof table) => table.filter((route) => routesOf.includes(route) || open.includes(route));
  const lists = new Map([...byFirst.entries()].map(([key, routesOf]) => [key, ordered(routesOf)]));
  return (pathname: string) => lists.get(firstSegment(pathname)) ?? open;
})();

/** The screen id the router opens for a portal path (without prefix, query or hash), if any. */
export function screenIdAt(path: string): string | undefined {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return matchRoutes(candidates(pathname), pathname)?.at(-1)?.route.id;
}

/** Whether refusal `reason` only asks for a choice the user can make (a customer or merchant), not for another user. */
const choosable = (reason: string) => reason === 'customer' || reason === 'merchant';

/**
 * Whether a user (the guard context) may follow a link to `path`, under the tenant's screen
 * overrides and path prefixes. A path no screen has is not ours to judge: true.
 */
export function canOpenPath(path: string, context: GuardContext, overrides: ScreenOverrides, prefixes: PathPrefixes | undefined): boolean {
  const plain = prefixes ? withoutPrefix(path, [prefixes.configured, prefixes.fleetChargeBeta, prefixes.prod]) : path;
  const id = screenIdAt(plain);
  const route = id ? routes.find((candidate) => candidate.id === id) : undefined;
  if (!route) return true;
  const decision = decideGuard(routeGuard(route, overrides, guards[route.id] ?? {}), context);
  return decision.allow || choosable(decision.reason);
}

type ScreenOverrides = Record<string, object> | undefined;

/** `canOpen('/dispute-details/12')`: canOpenPath for the signed-in user. */
export function useCanOpen(): (path: string) => boolean {
  const session = useSession((state) => state);
  const ability = usePortalAbility();
  const context = useMemo(() => guardContextOf(session, ability), [session, ability]);
  const overrides = session.config?.overrides.screens;
  const prefixes = session.config?.prefixes;
  return useCallback((path: string) => canOpenPath(path, context, overrides, prefixes), [context, overrides, prefixes]);
}
