import type { TextScale } from './text-scale.ts';
/**
 * Issue 25 (the first screen paints close to the floor): the contract between the server and the
 * portal's server entry (app/entry-server.tsx, built by `npm run build` into SERVER_ENTRY_FILE).
 * The server never imports the portal: it loads the built entry at start when there is one and
 * calls `render` with the page's request; the entry renders the same React tree the browser will
 * hydrate, reading the API only through the `fetch` it is given (the request's session, the API's
 * own routes and access rules: server/http/server-render.ts).
 */
import type { PageHints } from './route-hints.ts';

/** Where the build writes the server entry, under the built portal's folder. */
export const SERVER_ENTRY_FILE = 'server/entry-server.js';

/** The id of the page's `<script type="application/json">` holding ServerRenderState. */
export const SERVER_RENDER_ID = 'portal-server-render';

/**
 * What a server-rendered page carries for the browser's boot (as data, never executed: the strict
 * CSP stands), so it reaches the very state the server rendered with and hydrates, asking nothing
 * again: the language rendered in, the session boot's reads (GET url → JSON:API document) and the
 * text files the render read (their URL → the file), and the query cache of the first screen
 * (TanStack Query's dehydrated state).
 */
export interface ServerRenderState {
  language: string;
  /**
   * The currency the figures were read in: a choice this browser tab keeps (sessionStorage, which
   * the server cannot see) may differ, and the browser then renders the page anew.
   */
  currency?: string | null;
  /** The page width the render was for (common/viewport-hint.ts), null when the request gave none. */
  viewportWidth?: number | null;
  /** The browser's text scale the render estimated with, as its cookie says it (common/text-scale.ts), null when it kept none. */
  textScale?: string | null;
  responses: Record<string, unknown>;
  queries: unknown;
}

/** A request the entry makes: relative URL, method, headers and body as `fetch` takes them. */
export type ServerFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

export interface ServerRenderInput {
  /** The page's path and query. */
  url: string;
  /** What the page carries for the boot anyway (route-hints.ts): the render starts from the same documents. */
  hints: PageHints;
  /** The language chosen in the browser, as its cookie copies it (common/locales.ts LANGUAGE_COOKIE). */
  storedLanguage?: string;
  /** The browser's page width, when the request said it (common/viewport-hint.ts). */
  viewportWidth?: number;
  /** How much wider the browser's font drew text than the estimate, when it kept the measure (common/text-scale.ts). */
  textScale?: TextScale;
  /** The page's style nonce: Mantine's style elements carry it, as the browser's will. */
  nonce: string;
  fetch: ServerFetch;
  /** Aborted when the render is over its time budget: the page is then sent as a client render. */
  signal: AbortSignal;
}

export interface ServerRenderResult {
  /** The markup of `#root`. */
  html: string;
  /**
   * The tenant's colour scheme when it names one: Mantine's colours are defined under the root
   * element's data-mantine-color-scheme, which the browser's MantineProvider sets only once it
   * runs, so the page carries it for the markup to paint in its colours before then ("auto" is the
   * browser's to resolve).
   */
  colorScheme?: 'light' | 'dark';
  state: ServerRenderState;
}

/**
 * The page's root element as a render of it would have it, known before rendering: the server
 * sends the page's head at once, so the browser fetches the styles and code while the server
 * renders (server/http/server-render.ts), and the root element comes first.
 */
export interface DocumentElement {
  language: string;
  /** As ServerRenderResult's. */
  colorScheme?: 'light' | 'dark';
}

/** The built entry's exports. `undefined`: nothing to render on the server (signed out, a write needed, an error). */
export interface ServerRenderer {
  render(input: ServerRenderInput): Promise<ServerRenderResult | undefined>;
  /** Undefined when the page's documents hold no configuration. Synchronous, and it changes no state of the entry's: a render may be under way. */
  documentElement(input: Pick<ServerRenderInput, 'hints' | 'storedLanguage'>): DocumentElement | undefined;
}

/**
 * The strict CSP refuses `style` attributes written in HTML (style-src has no 'unsafe-inline'), and
 * React writes some: the server moves each into this attribute, with a rule of the page's
 * nonce'd style element giving the element the same declarations; the browser puts them back as
 * the element's style (CSSOM, which the CSP allows) before it hydrates.
 */
export const SERVER_STYLE_ATTRIBUTE = 'data-ssr-style';
