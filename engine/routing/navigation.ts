import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/store.ts';

/**
 * spec §2: an optional configured prefix is added to all programmatic navigation.
 * withPrefix('/account/overview', '/fleet') === '/fleet/account/overview'
 */
export function withPrefix(path: string, prefix: string): string {
  if (!prefix || !path.startsWith('/') || path === prefix || path.startsWith(`${prefix}/`)) return path;
  return `${prefix}${path}`;
}

/** Strips a known prefix, so guards and menus compare plain screen paths. */
export function withoutPrefix(path: string, prefixes: readonly string[]): string {
  for (const prefix of prefixes) {
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return path.slice(prefix.length) || '/';
  }
  return path;
}

export function usePortalPath(): (path: string) => string {
  const prefix = useSession((session) => session.config?.prefixes.configured ?? '');
  return useCallback((path: string) => withPrefix(path, prefix), [prefix]);
}

export function usePortalNavigate(): (path: string, options?: { replace?: boolean; state?: unknown }) => void {
  const navigate = useNavigate();
  const portalPath = usePortalPath();
  return useCallback((path, options) => { void navigate(portalPath(path), options); }, [navigate, portalPath]);
}
