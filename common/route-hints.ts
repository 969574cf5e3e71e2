/**
 * Issue 25 (the first screen paints within three dependent steps): what the build knows about each
 * screen's route and the server puts in its page, so the browser asks for the route's code at once
 * instead of discovering it chunk by chunk. Written by engine/build/route-hints-plugin.ts into the
 * built portal (ROUTE_HINTS_FILE), read by server/http/route-hints.ts.
 */
import type { PreviewSide } from './preview-side.ts';

export const ROUTE_HINTS_FILE = '.vite/portal-route-hints.json';

export interface RouteHint {
  /** The screen's path pattern ("/invoice-list/:status"). */
  path: string;
  /** Opened only by a signed-in user: the hint is worth sending only with a session. */
  signedIn: boolean;
  /** The JavaScript files the screen renders with beyond the entry's (URLs, the build's base included). */
  modules: string[];
  /** The stylesheets those files bring (URLs): a chunk's CSS would otherwise be asked only once the chunk runs. */
  styles: string[];
  /** The locale namespaces the screen waits for before it renders. */
  namespaces: string[];
}

export interface RouteHints {
  routes: RouteHint[];
}

/**
 * What the page carries for the boot (engine/session/page-hints.ts reads it): the namespaces its
 * screen waits for, and the boot's own reads as the API would answer them (their JSON:API
 * documents), so the boot does not ask for them again: `/config` and the feature flags always,
 * `/self` only for a signed-in session (signed out, the boot asks, as before).
 */
export interface PageHints {
  namespaces: string[];
  documents: { config?: unknown; flags?: unknown; self?: unknown };
  /** The preview side (issue 24) the documents were read for, when the page's address named one. */
  previewSide?: PreviewSide;
}
/** The id of the page's `<script type="application/json">` holding PageHints. */
export const PAGE_HINTS_ID = 'portal-hints';

const matcherCache = new WeakMap<RouteHint, RegExp>();

function matcher(hint: RouteHint): RegExp {
  let pattern = matcherCache.get(hint);
  if (!pattern) {
    const source = hint.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}/?$`);
    matcherCache.set(hint, pattern);
  }
  return pattern;
}

/**
 * The hint of the route `pathname` opens, under any of the portal's path prefixes (spec §2: a
 * prefix is one leading segment): a static segment beats a parameter, so "/invoice/new" is not
 * taken for "/invoice/:id" when both exist.
 * routeHintFor(hints, '/prod/invoice-list/Billed') → the hint of "/invoice-list/:status"
 */
export function routeHintFor(hints: RouteHints, pathname: string): RouteHint | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const candidates = [decoded, decoded.replace(/^\/[^/]+(?=\/)/, '')];
  for (const path of candidates) {
    const matches = hints.routes.filter((hint) => matcher(hint).test(path));
    if (matches.length) return matches.sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0];
  }
  return undefined;
}
