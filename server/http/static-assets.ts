import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';
import { acceptedEncodings, registerBuiltAssets } from './built-assets.ts';
import { bootDocuments } from './boot-documents.ts';
import { attribute, loadRouteHints, MODULE_FETCH_ONLY, MODULE_PRELOAD, moduleHintTags, pageHints, pageHintTags } from './route-hints.ts';
import type { DocumentElement, ServerRenderResult } from '../../common/server-render.ts';
import { LANGUAGE_COOKIE } from '../../common/locales.ts';
import { askViewportWidth, loadServerRenderer, markupUnderCsp, serverRender, serverRenderTag } from './server-render.ts';
import { CSP_NONCE_PLACEHOLDER, styleNonce } from './security-headers.ts';

/**
 * Cache-Control of a file of the built portal outside assets/ (`path` may be a pre-compressed
 * variant): HTML never stored, so a deployment is seen on the next load; the unhashed files
 * copied from public/ (boot.css, logos) revalidated on each use (ETag). The hashed assets are
 * immutable (built-assets.ts).
 */
function cacheControlFor(path: string): string {
  if (/\.html(?:\.br|\.gz)?$/u.test(path)) return 'no-store';
  return 'no-cache';
}

/** Brotli at quality 4, as the compression hook compresses: a page is compressed per response. */
const PAGE_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding a page goes in, as the compression hook would choose it (brotli, else gzip, else
 * none), named in the reply's headers: the not-found handler that sends pages is no route, and
 * that hook only sees routes.
 */
function pageEncoding(request: FastifyRequest, reply: FastifyReply): 'br' | 'gzip' | undefined {
  reply.header('vary', 'accept-encoding');
  const accepted = acceptedEncodings(request);
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
  if (encoding) reply.header('content-encoding', encoding);
  return encoding;
}

/** The whole page, compressed (pageEncoding) unless it is too small to gain from it. */
function encoded(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  if (Buffer.byteLength(html) < COMPRESSION_THRESHOLD_BYTES) {
    reply.header('vary', 'accept-encoding');
    return html;
  }
  const encoding = pageEncoding(request, reply);
  if (encoding === 'br') return brotliCompressSync(html, PAGE_BROTLI);
  if (encoding === 'gzip') return gzipSync(html);
  return html;
}

/** Sends the portal's page (index.html) for any of its paths. */
export type PortalPageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Where the built index.html leaves the portal's markup, and the spinner a page rendered on the server does without. */
const ROOT_ELEMENT = '<div id="root"></div>';
const BOOT_SPINNER = /<div id="boot-spinner"[\s\S]*?(?=<div id="boot-error")/u;

/** The template's root element (index.html's `<html lang="en">`). */
const HTML_ELEMENT = /<html[^>]*>/u;

/**
 * The root element of a rendered page: in the render's language (the browser's boot would set it
 * only once its code runs) and, when the tenant names one, its colour scheme, so the markup is
 * announced and painted as it will be after hydration.
 */
function htmlElementOf(element: DocumentElement): string {
  const scheme = element.colorScheme ? ` data-mantine-color-scheme="${element.colorScheme}"` : '';
  return `<html lang="${attribute(element.language)}"${scheme}>`;
}

/** The module scripts Vite puts in the built page's head (its entry): the address, and the other attributes. */
const MODULE_SCRIPT = /<script type="module"((?:(?! src=)[^>])*) src="([^"]+)"([^>]*)><\/script>/gu;
/** The entry's static imports, which Vite names in the built page's head. */
const MODULE_PRELOAD_LINK = /<link rel="modulepreload"[^>]*>/gu;

/**
 * The built page as a page rendered on the server sends it: the head without its code, and the
 * code (the entry's imports and the route's modules fetched only, then the entry) for the end of
 * the body. Issue 25, two steps:
 * - Compiled as it arrived, code named in the head fell between the markup's arrival and its
 *   first paint (about 130 ms of the cold invoice list's at 4x CPU slowdown). Fetched only, it is
 *   compiled when the entry imports it, after the markup is parsed.
 * - Fetched from the head, its thirty-odd requests ran while the server rendered the page, on the
 *   same cores, and their responses on the page's main thread: the markup came later and painted
 *   later. Named after the markup, they are asked once it has come; the cold first rows painted
 *   up to 45 % sooner, and hydration ended 0 to 12 % later (bench/RESULTS.md).
 * The strict CSP stands: the entry keeps its nonce.
 */
function codeAfterMarkup(template: { head: string; body: string }): { head: string; body: string; links: string; entry: string } {
  const links: string[] = [];
  const entry: string[] = [];
  const head = template.head
    .replace(MODULE_SCRIPT, (tag, before: string, src: string, after: string) => {
      entry.push(tag);
      links.push(`<link ${MODULE_FETCH_ONLY}${before} href="${src}"${after}>`);
      return '';
    })
    .replace(MODULE_PRELOAD_LINK, (tag) => {
      links.push(tag.replace(MODULE_PRELOAD, MODULE_FETCH_ONLY));
      return '';
    });
  return { head, body: template.body, links: links.join(''), entry: entry.join('') };
}

/** The page's end with `code` (codeAfterMarkup's links, the route's, the entry) just before it. */
const withCodeAtEnd = (body: string, code: string) => body.replace('</body>', () => `${code}</body>`);

/** The stream a page is written into in parts (pageEncoding), each part flushed to the browser when asked. */
function pageStream(request: FastifyRequest, reply: FastifyReply): Transform & { flush?: () => void } {
  const encoding = pageEncoding(request, reply);
  if (encoding === 'br') return createBrotliCompress(PAGE_BROTLI);
  if (encoding === 'gzip') return createGzip();
  return new PassThrough();
}

/**
 * The rendered page's rest, after its head's start: the render's style rules, then its markup in
 * `#root` and after it the state the browser hydrates it with (some 60 KB of JSON for the invoice
 * list): the markup, which the first paint waits for, comes first on a slow link, and the state is
 * read only by the entry, which runs once the page is parsed.
 */
function renderedRest(rendered: ServerRenderResult | undefined, body: string, nonce: string): string {
  if (!rendered) return `</head>${body}`;
  const { markup, head } = markupUnderCsp(rendered.html, nonce);
  const page = body
    .replace(BOOT_SPINNER, '')
    .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>${serverRenderTag(rendered, nonce)}`);
  return `${head}</head>${page}`;
}

/**
 * The built index.html, sent from memory with the route's hints and the boot's documents in its
 * head (route-hints.ts, boot-documents.ts), and a new style nonce in every place Vite left the
 * placeholder and on the hints' elements (the CSP header of the same response names it). Never
 * stored (no-store), and compressed per response: the pre-compressed variants of index.html hold
 * the placeholder, so they are not used.
 * Issue 25: with the build's server entry (server-render.ts), a signed-in page carries its first
 * screen rendered (in `#root`, no spinner) and the state the browser hydrates it with; any page
 * the server does not render is sent as before. Such a page's head goes first, before its render:
 * the browser fetches the styles the head names while the server renders (the first paint waits
 * for them). The head is left open, so the render's style rules still go in it. Its code is
 * named after the markup (codeAfterMarkup), and so is its state (renderedRest).
 */
export async function portalPage(app: FastifyInstance, root: string): Promise<PortalPageSender> {
  const template = readFileSync(join(root, 'index.html'), 'utf8');
  if (!template.includes(CSP_NONCE_PLACEHOLDER))
    app.log.warn(
      `${root}/index.html has no ${CSP_NONCE_PLACEHOLDER}: the CSP will refuse the portal's style elements (build with vite.config.ts)`,
    );
  const [headTemplate = '', bodyTemplate = ''] = template.split('</head>');
  const parts = (page: { head: string; body: string }) =>
    [page.head.split(CSP_NONCE_PLACEHOLDER), page.body.split(CSP_NONCE_PLACEHOLDER)] as const;
  const [head, body] = parts({ head: headTemplate, body: bodyTemplate });
  const rendered = codeAfterMarkup({ head: headTemplate, body: bodyTemplate });
  const [renderedHead, renderedBody] = parts(rendered);
  const [renderedLinks, renderedEntry] = [rendered.links.split(CSP_NONCE_PLACEHOLDER), rendered.entry.split(CSP_NONCE_PLACEHOLDER)];
  const hints = loadRouteHints(root);
  const renderer = await loadServerRenderer(root, app.log);
  return async (request, reply) => {
    const nonce = styleNonce(request);
    const { hint, page } = pageHints(hints, request, await bootDocuments(app, request));
    const rendering = renderer !== undefined && hint?.signedIn === true && page.documents.self !== undefined;
    // The nonce goes in the template's places only: never into the documents' text.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!rendering) {
      const sent = encoded(request, reply, `${head.join(nonce)}${pageHintTags(hint, page, nonce)}</head>${body.join(nonce)}`);
      if (renderer) askViewportWidth(reply, false);
      return reply.send(sent);
    }
    const headStart = `${renderedHead.join(nonce)}${pageHintTags(hint, page, nonce, null)}`;
    const code = `${renderedLinks.join(nonce)}${moduleHintTags(hint, nonce, MODULE_FETCH_ONLY)}${renderedEntry.join(nonce)}`;
    const bodyText = withCodeAtEnd(renderedBody.join(nonce), code);
    const element = renderer.documentElement({ hints: page, storedLanguage: request.cookies[LANGUAGE_COOKIE] });
    const stream = pageStream(request, reply);
    askViewportWidth(reply, true);
    stream.write(element ? headStart.replace(HTML_ELEMENT, () => htmlElementOf(element)) : headStart);
    stream.flush?.();
    reply.send(stream);
    // serverRender answers undefined for any render that fails; the page then goes for the browser to render.
    void serverRender(app, renderer, request, page, nonce)
      .catch(() => undefined)
      .then((rendered) => {
        if (!stream.destroyed) stream.end(renderedRest(rendered, bodyText, nonce));
      });
    return reply;
  };
}

/** Where the build puts the operator studio's page (vite.config.ts's second entry, studio/index.html). */
export const STUDIO_PAGE = 'studio/index.html';

/**
 * The operator studio's page (issue 24), sent like the portal's: from memory, a new style nonce
 * in the places Vite left the placeholder (the same strict CSP as the portal), never stored. No
 * route hints or boot documents: those are the portal's, and the studio reads its own API.
 */
export function studioPage(app: FastifyInstance, root: string): PortalPageSender | undefined {
  const file = join(root, STUDIO_PAGE);
  if (!existsSync(file)) return undefined;
  const parts = readFileSync(file, 'utf8').split(CSP_NONCE_PLACEHOLDER);
  if (parts.length === 1) app.log.warn(`${file} has no ${CSP_NONCE_PLACEHOLDER}: the CSP will refuse the studio's style elements`);
  return async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(encoded(request, reply, parts.join(styleNonce(request))));
}

/** A path the studio's page answers: /studio and below, but not its API. */
export function isStudioPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (path === '/studio' || path.startsWith('/studio/')) && !path.startsWith('/studio/api');
}

/**
 * Serves the built portal from `root`: one route per file, and for each the brotli or gzip
 * variant written at build time when the request accepts it (Vary: Accept-Encoding); index.html
 * is the page sender's (portalPage), which it returns.
 */
export async function registerPortalAssets(app: FastifyInstance, root: string): Promise<PortalPageSender> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The variants are found beside their file; they need no routes of their own. index.html
    // is sent by portalPage, and studio/index.html by studioPage, each with its nonce; server/ is
    // the server's own render of pages (server-render.ts), never sent.
    // assets/ is served from memory (built-assets.ts).
    globIgnore: ['**/*.br', '**/*.gz', 'index.html', STUDIO_PAGE, '.vite/**', 'server/**', 'assets/**'],
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });
  registerBuiltAssets(app, root);
  return portalPage(app, root);
}
