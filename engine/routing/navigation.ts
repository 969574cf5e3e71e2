import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/store.ts';
import type { PortalConfig } from '../session/types.ts';

/**
 * The one owner of path prefixes (spec §2): every screen path also works under the tenant's two
 * alternate prefixes (`/prod`, `/fleet-charge-beta`) and its configured one, and navigation keeps
 * the prefix the user came in with, or adds the configured one when the user came in with none.
 * Screens, widgets and plugins build their paths with usePortalPath / usePortalNavigate only.
 */
export type PathPrefixes = PortalConfig['prefixes'];

const isUnder = (path: string, prefix: string) => prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`));

/** The known prefixes, the longest first, so `/prod-eu` would never be taken for `/prod`. */
function knownPrefixes(prefixes: PathPrefixes): string[] {
  return [prefixes.configured, prefixes.fleetChargeBeta, prefixes.prod].filter(Boolean).sort((a, b) => b.length - a.length);
}

/**
 * withPrefix('/account/overview', '/fleet') === '/fleet/account/overview'; a path already under
 * `prefix` is left as it is.
 */
export function withPrefix(path: string, prefix: string): string {
  if (!prefix || !path.startsWith('/') || isUnder(path, prefix)) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** Strips a known prefix, so guards and menus compare plain screen paths. */
export function withoutPrefix(path: string, prefixes: readonly string[]): string {
  for (const prefix of [...prefixes].sort((a, b) => b.length - a.length)) {
    if (isUnder(path, prefix)) return path.slice(prefix.length) || '/';
  }
  return path;
}

/**
 * The prefix of the page shown: the known prefix `pathname` is under, else the configured one.
 * currentPrefix('/prod/account/overview', { configured: '/fleet', prod: '/prod', … }) === '/prod'
 */
export function currentPrefix(pathname: string, prefixes: PathPrefixes): string {
  return knownPrefixes(prefixes).find((prefix) => isUnder(pathname, prefix)) ?? prefixes.configured;
}

/**
 * A portal path as the browser should go to it while `prefix` is the current one: a plain screen
 * path gets it; a path already under a known prefix (a guard's `from`) is kept as it is.
 * prefixedPath('/invoice-list/Billed', '/prod', prefixes) === '/prod/invoice-list/Billed'
 */
export function prefixedPath(path: string, prefix: string, prefixes: PathPrefixes): string {
  if (knownPrefixes(prefixes).some((known) => isUnder(path, known))) return path;
  return withPrefix(path, prefix);
}

const NO_PREFIXES: PathPrefixes = { configured: '', fleetChargeBeta: '', prod: '' };

/** Builds portal paths under the prefix of the page shown: `portalPath('/payment/due')`. */
export function usePortalPath(): (path: string) => string {
  const prefixes = useSession((session) => session.config?.prefixes ?? NO_PREFIXES);
  const prefix = currentPrefix(useLocation().pathname, prefixes);
  // Stable while the prefix stays: the table's cell environment is memoised on it.
  return useCallback((path: string) => prefixedPath(path, prefix, prefixes), [prefix, prefixes]);
}

/** The router's navigate, under the current prefix (usePortalPath). */
export function usePortalNavigate(): (path: string, options?: { replace?: boolean; state?: unknown }) => void {
  const navigate = useNavigate();
  const portalPath = usePortalPath();
  return useCallback(
    (path, options) => {
      void navigate(portalPath(path), options);
    },
    [navigate, portalPath],
  );
}
