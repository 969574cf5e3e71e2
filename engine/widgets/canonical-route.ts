import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { lookup } from '../definitions/bindings.ts';
import { usePortalNavigate } from '../routing/navigation.ts';
import { useScreen } from '../screens/screen-context.tsx';

/** A detail's route parameter and the record's field that is its canonical value. */
export interface CanonicalRoute {
  param: string;
  field: string;
}

/**
 * The current path with the segment that holds `from` replaced by `to`, or undefined when no
 * segment holds it. canonicalPath('/prod/invoice/INV-100004', 'INV-100004', 'T-1001-0004')
 * === '/prod/invoice/T-1001-0004'.
 */
export function canonicalPath(pathname: string, from: string, to: string): string | undefined {
  const segments = pathname.split('/');
  const index = segments.findLastIndex((segment) => segment === from || segment === encodeURIComponent(from));
  if (index < 0) return undefined;
  segments[index] = encodeURIComponent(to);
  return segments.join('/');
}

/**
 * A record opened by another of its ids (an invoice by the invoice id every list shows, issue 26)
 * moves the address to the canonical one, replacing the history entry, so the screen's other
 * reads, links and a bookmark all use one id. True while that move is pending: the record's
 * children wait for it (their reads name the route's id).
 */
export function useCanonicalRoute(canonical: CanonicalRoute | undefined, record: Record<string, unknown> | undefined): boolean {
  const { bindings } = useScreen();
  const location = useLocation();
  const navigate = usePortalNavigate();
  const current = canonical ? bindings.route[canonical.param] : undefined;
  const wanted = canonical && record ? lookup(record, canonical.field) : undefined;
  const target =
    typeof wanted === 'string' && wanted !== '' && current !== undefined && wanted !== current
      ? canonicalPath(location.pathname, current, wanted)
      : undefined;
  useEffect(() => {
    if (target !== undefined) navigate(`${target}${location.search}${location.hash}`, { replace: true });
  }, [target, navigate, location.search, location.hash]);
  return target !== undefined;
}
