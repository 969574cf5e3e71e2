import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  PAGE_HINTS_ID,
  type PageHints,
  ROUTE_HINTS_FILE,
  type RouteHint,
  routeHintFor,
  type RouteHints,
} from '../../common/route-hints.ts';
import { pageSide } from './boot-documents.ts';
import { CSRF_COOKIE, readCookie } from './cookies.ts';

/** The build's route hints (engine/build/route-hints-plugin.ts), none for a build without them. */
export function loadRouteHints(root: string): RouteHints | undefined {
  const file = join(root, ROUTE_HINTS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RouteHints) : undefined;
}

/**
 * The route's hint for the page of `request` (a signed-in screen's only for a browser holding the
 * session's CSRF cookie) and what the page carries for the boot: the namespaces its screen waits
 * for and the boot's documents (boot-documents.ts).
 */
export function pageHints(
  hints: RouteHints | undefined,
  request: FastifyRequest,
  documents: PageHints['documents'],
): { hint: RouteHint | undefined; page: PageHints } {
  const found = hints ? routeHintFor(hints, new URL(request.url, 'http://portal').pathname) : undefined;
  const hint = found && (!found.signedIn || readCookie(request, CSRF_COOKIE) !== undefined) ? found : undefined;
  // A preview frame's page says which side its documents are (boot-documents.ts pageSide).
  const side = pageSide(request);
  return { hint, page: { namespaces: hint?.namespaces ?? [], documents, ...(side ? { previewSide: side } : {}) } };
}

/** JSON inside a `<script>` element: "<" escaped, so no text in it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** A value inside a double-quoted HTML attribute. */
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * How a page names the code it will run: `modulepreload` fetches and compiles each module as it
 * arrives; `preload` as a script fetches it only, and the module is compiled when the entry
 * imports it (static-assets.ts: a page rendered on the server, whose entry runs after its markup).
 */
export const MODULE_PRELOAD = 'rel="modulepreload"';
export const MODULE_FETCH_ONLY = 'rel="preload" as="script"';
export type ModuleHint = typeof MODULE_PRELOAD | typeof MODULE_FETCH_ONLY;

/**
 * What the page of `request` adds to its head (issue 25): a link for every file its route's
 * screen renders with (`modules`: compiled as they come, or fetched only; null when the page names
 * its code after its markup, moduleHintTags) and their stylesheets, so they are asked beside the entry
 * script rather than one chunk after another; and, as data (a JSON script element, never executed: the strict CSP
 * stands), the namespaces the screen waits for and the boot's documents (boot-documents.ts), read
 * by engine/session/page-hints.ts (pageHints says which). `nonce`: the page's (security-headers.ts styleNonce).
 */
export function pageHintTags(
  hint: RouteHint | undefined,
  page: PageHints,
  nonce: string,
  modules: ModuleHint | null = MODULE_PRELOAD,
): string {
  return [
    ...(hint?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}" nonce="${attribute(nonce)}">`),
    modules ? moduleHintTags(hint, nonce, modules) : '',
    `<script type="application/json" id="${PAGE_HINTS_ID}" nonce="${attribute(nonce)}">${scriptJson(page)}</script>`,
  ].join('');
}

/** A link for every module of the route's screen (pageHintTags), `modules` saying how the browser takes it. */
export function moduleHintTags(hint: RouteHint | undefined, nonce: string, modules: ModuleHint): string {
  return (hint?.modules ?? [])
    .map((href) => `<link ${modules} crossorigin href="${attribute(href)}" nonce="${attribute(nonce)}">`)
    .join('');
}
