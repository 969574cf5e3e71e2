import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SERVER_ENTRY_FILE,
  SERVER_RENDER_ID,
  SERVER_STYLE_ATTRIBUTE,
  type ServerFetch,
  type ServerRenderer,
  type ServerRenderResult,
} from '../../common/server-render.ts';
import type { PageHints } from '../../common/route-hints.ts';
import { PREVIEW_SIDE_HEADER } from '../../common/preview-side.ts';
import { parseTextScale, TEXT_SCALE_COOKIE } from '../../common/text-scale.ts';
import { VIEWPORT_WIDTH_HINT, viewportWidthOf } from '../../common/viewport-hint.ts';
import { LANGUAGE_COOKIE } from '../../common/locales.ts';
import { readCookie, SESSION_COOKIE } from './cookies.ts';
import { pageSide } from './boot-documents.ts';
import { builtAssetsOf } from './built-assets.ts';
import { attribute, scriptJson } from './route-hints.ts';

/**
 * How long a page may wait for its server render before it is sent for the browser to render
 * (PORTAL_SSR_BUDGET_MS). The page's head has gone before the render (static-assets.ts), so the
 * browser is fetching the code meanwhile; a render dropped at the budget leaves the browser to
 * boot, read and render on its own, which takes longer than the render it replaced (0.5 to 1.5 s
 * for a cold invoice list at 1x on a two-core machine, against renders of 100 to 400 ms with the
 * browser on the same cores): the budget is for a render that hangs, not for a slow one.
 */
export const DEFAULT_RENDER_BUDGET_MS = 1000;

/**
 * The built server entry (app/entry-server.tsx, issue 25) when there is one, unless PORTAL_SSR is
 * "0": loaded once, at start. None (a build without it, a failed load, PORTAL_SSR=0) means every
 * page is rendered by the browser.
 */
export async function loadServerRenderer(root: string, log: FastifyBaseLogger): Promise<ServerRenderer | undefined> {
  if (process.env.PORTAL_SSR === '0') return undefined;
  const file = join(root, SERVER_ENTRY_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const entry = (await import(pathToFileURL(file).href)) as Partial<ServerRenderer>;
    if (typeof entry.render === 'function' && typeof entry.documentElement === 'function')
      return { render: entry.render, documentElement: entry.documentElement };
    log.warn(`${file} exports no render and documentElement: pages are rendered in the browser`);
  } catch (error) {
    log.warn({ err: error }, `${file} did not load: pages are rendered in the browser`);
  }
  return undefined;
}

/** The render budget from PORTAL_SSR_BUDGET_MS, else the default. */
export function renderBudgetMs(): number {
  const configured = Number(process.env.PORTAL_SSR_BUDGET_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_RENDER_BUDGET_MS;
}

/**
 * The entry's way to the API: the page's own request's session, host and preview side (as
 * boot-documents.ts reads the boot's documents), through the API's routes themselves (inject), so
 * the render reads exactly what the user's browser could. Only the headers the portal's client
 * sends for itself are passed on; a cookie it names is not.
 */
function apiFor(app: FastifyInstance, request: FastifyRequest): ServerFetch {
  const session = readCookie(request, SESSION_COOKIE);
  const side = pageSide(request);
  const assets = builtAssetsOf(app);
  return async (url, init) => {
    // The build's files (the language files a render reads) from the server's memory, as it serves them.
    const asset = assets?.get(url);
    if (asset) {
      const { identity, contentType } = await asset;
      return new Response(new Uint8Array(identity), { status: 200, headers: { 'content-type': contentType } });
    }
    const headers: Record<string, string> = {
      ...(init.headers.accept ? { accept: init.headers.accept } : {}),
      ...(request.headers.host ? { host: request.headers.host } : {}),
      ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
      ...(side ? { [PREVIEW_SIDE_HEADER]: side } : {}),
    };
    const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const contentType = response.headers['content-type'];
    const bodyless = response.statusCode === 204 || response.statusCode === 304;
    return new Response(bodyless ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

/**
 * The page's first screen rendered on the server, or undefined when it is the browser's to
 * render: signed out, a render that fails or needs a write, or one over its budget (aborted).
 */
export async function serverRender(
  app: FastifyInstance,
  renderer: ServerRenderer,
  request: FastifyRequest,
  hints: PageHints,
  nonce: string,
): Promise<ServerRenderResult | undefined> {
  if (!hints.documents.self) return undefined;
  const hint = request.headers[VIEWPORT_WIDTH_HINT.toLowerCase()];
  // Chromium (it sends Sec-CH-UA) asks again with the page's width the first time in a browser
  // session (Critical-CH, askViewportWidth): this answer is thrown away, so it is not rendered.
  if (request.headers['sec-ch-ua'] !== undefined && hint === undefined) return undefined;
  const viewportWidth = viewportWidthOf(hint);
  // The render takes only a language the portal has, and the tenant offers (initialLanguage).
  const storedLanguage = request.cookies[LANGUAGE_COOKIE];
  const textScale = parseTextScale(request.cookies[TEXT_SCALE_COOKIE]);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), renderBudgetMs());
  try {
    return await renderer.render({
      url: request.url,
      hints,
      nonce,
      fetch: apiFor(app, request),
      signal: controller.signal,
      ...(viewportWidth === undefined ? {} : { viewportWidth }),
      ...(storedLanguage === undefined ? {} : { storedLanguage }),
      ...(textScale === undefined ? {} : { textScale }),
    });
  } catch (error) {
    if (!controller.signal.aborted) request.log.warn({ err: error }, 'server render failed: the page is rendered in the browser');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const htmlText = (value: string) =>
  value.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, name: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>' })[name] ?? "'");
/** A CSS string's content: quotes and backslashes escaped, and "<" as an escape, so nothing closes the style element. */
const cssString = (value: string) => value.replace(/[\\"]/g, '\\$&').replace(/</g, '\\3c ');

/**
 * The render's markup with its `style` attributes moved into SERVER_STYLE_ATTRIBUTE, and what goes
 * in the head: a style element of the page's nonce that applies them (common/server-render.ts;
 * `!important`, as an element's own style outranks the stylesheets' rules), and the preload links
 * React puts before the markup (its images), which are no part of the tree the browser hydrates.
 */
export function markupUnderCsp(html: string, nonce: string): { markup: string; head: string } {
  const links = /^(?:<link [^>]*>)+/u.exec(html)?.[0] ?? '';
  const styles = new Set<string>();
  const markup = html.slice(links.length).replace(/ style="([^"]*)"/g, (_, value: string) => {
    styles.add(value);
    return ` ${SERVER_STYLE_ATTRIBUTE}="${value}"`;
  });
  if (styles.size === 0) return { markup, head: links };
  const rules = [...styles].map((value) => {
    const declarations = htmlText(value)
      .split(';')
      .filter((declaration) => declaration.trim() !== '')
      .map((declaration) => `${declaration.replace(/</g, '\\3c ')} !important`)
      .join(';');
    return `[${SERVER_STYLE_ATTRIBUTE}="${cssString(htmlText(value))}"]{${declarations}}`;
  });
  return { markup, head: `${links}<style nonce="${attribute(nonce)}">${rules.join('')}</style>` };
}

/** The JSON element the browser's boot reads the render's state from (engine/session/server-render.ts). */
export function serverRenderTag(result: ServerRenderResult, nonce: string): string {
  return `<script type="application/json" id="${SERVER_RENDER_ID}" nonce="${attribute(nonce)}">${scriptJson(result.state)}</script>`;
}

/**
 * Asks the browser for the page's width with its page requests (common/viewport-hint.ts): from now
 * on (Accept-CH), and, for a page the server renders (`rendering`), for this very page too
 * (Critical-CH: Chromium asks again at once with it, the first time in a browser session; the
 * sign-in page is never asked twice). The page differs with it (Vary).
 */
export function askViewportWidth(reply: FastifyReply, rendering: boolean): void {
  reply.header('accept-ch', VIEWPORT_WIDTH_HINT);
  if (rendering) reply.header('critical-ch', VIEWPORT_WIDTH_HINT);
  reply.header('vary', `accept-encoding, ${VIEWPORT_WIDTH_HINT}`);
}
