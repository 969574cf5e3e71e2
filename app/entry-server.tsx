/**
 * The server's render of the portal's first screen (issue 25), built by `npm run build` into
 * dist/server (common/server-render.ts SERVER_ENTRY_FILE) and called by the server for a signed-in
 * page (server/http/server-render.ts). It boots exactly as the browser does (main.tsx): the page's
 * documents, the session store, the route's loader, the texts; the API is read only through the
 * `fetch` the server gives, with the page's session, so the render sees no more than the user may.
 * The module's state (the session store, the data layer) is the page's: renders take turns.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { routes } from 'virtual:portal-screens';
import type { DocumentElement, ServerRenderInput, ServerRenderResult } from '../common/server-render.ts';
import { App } from './App.tsx';
import { setServerStyleNonce } from '../engine/runtime/csp-nonce.ts';
import { loadDataLayer, resetDataLayer } from '../engine/data/data-layer.tsx';
import { setTransport } from '../engine/data/transport.ts';
import { initTexts, offeredChoice, setServerStoredLanguage } from '../engine/i18n/i18n.ts';
import { buildRoutes } from '../engine/routing/build-routes.tsx';
import { screenLoader } from '../engine/routing/screen-loader.ts';
import { setPageHints } from '../engine/session/page-hints.ts';
import { setServerLanguage, setServerViewportWidth } from '../engine/session/server-render.ts';
import { setServerTextScale } from '../engine/session/rendered-text-scale.ts';
import { formatTextScale } from '../common/text-scale.ts';
import { bootstrapSession, sessionStore } from '../engine/session/store.ts';
import { basicsOf, languageOf, pageBasics, registerPlugins } from './boot.ts';

registerPlugins();

/** A write the boot would make (choosing the only customer): the browser's boot does it, the page is its render. */
class WriteRefused extends Error {}

let turn: Promise<unknown> = Promise.resolve();

/**
 * One route loader for every render (renders take turns, and each render's loader call sets what
 * `started` answers), and one static handler per tenant's prefixes: flattening and ranking the
 * portal's few hundred routes was about 4 % of a render's time (issue 25, bench:ssr's profile).
 */
const loader = screenLoader(() => Promise.resolve(sessionStore.get()));
const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();
function staticHandlerFor(prefixes: Parameters<typeof buildRoutes>[1]): ReturnType<typeof createStaticHandler> {
  const key = JSON.stringify(prefixes);
  let handler = handlers.get(key);
  if (!handler) {
    // Tenants' prefixes change only when an operator publishes: a few sets, but never a growing list.
    if (handlers.size >= 32) handlers.clear();
    handler = createStaticHandler(buildRoutes(routes, prefixes, loader.loaderFor));
    handlers.set(key, handler);
  }
  return handler;
}

/** Renders `input`'s page after the render before it: the engine's session and data layer are the module's. */
export function render(input: ServerRenderInput): Promise<ServerRenderResult | undefined> {
  const result = turn.then(() => (input.signal.aborted ? undefined : renderPage(input)));
  turn = result.catch(() => undefined);
  return result;
}

/** The colour scheme a render puts on the root element: "auto" is the browser's to resolve. */
function schemeOf(scheme: 'light' | 'dark' | 'auto' | undefined): Pick<DocumentElement, 'colorScheme'> {
  const chosen = scheme ?? 'light';
  return chosen === 'auto' ? {} : { colorScheme: chosen };
}

/** The root element a render of the page would give, from its documents alone (common/server-render.ts). */
export function documentElement({
  hints,
  storedLanguage,
}: Pick<ServerRenderInput, 'hints' | 'storedLanguage'>): DocumentElement | undefined {
  const basics = basicsOf(hints.documents);
  if (!basics) return undefined;
  const language = languageOf(basics, (offered, fallback) => offeredChoice(offered, fallback, storedLanguage));
  return { language, ...schemeOf(basics.config.theme.colorScheme) };
}

/** Until the reads under way have answered (or the render's time is up). */
async function settled(client: QueryClient, signal: AbortSignal): Promise<void> {
  while (client.isFetching() > 0 && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function renderPage({
  url,
  hints,
  nonce,
  fetch,
  signal,
  viewportWidth,
  textScale,
  storedLanguage,
}: ServerRenderInput): Promise<ServerRenderResult | undefined> {
  sessionStore.reset();
  resetDataLayer();
  setPageHints(hints);
  setServerStyleNonce(nonce);
  setServerViewportWidth(viewportWidth);
  setServerTextScale(textScale);
  setServerStoredLanguage(storedLanguage);
  // The session boot's reads and the texts go into the page, so the browser's boot reaches the same session without asking.
  const responses: Record<string, unknown> = {};
  let recording = true;
  let refused = false;
  setTransport(async (path, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (signal.aborted) throw new DOMException('The server render is over its time', 'AbortError');
    if (method !== 'GET') {
      refused = true;
      throw new WriteRefused(`${method} ${path}`);
    }
    const response = await fetch(path, { method, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    // The texts the render read (the language's files, under /assets/) go into the page too: the
    // browser hydrates with them at once, instead of asking for them after its code has run.
    if (response.ok && (recording || path.startsWith('/assets/'))) responses[path] = await response.clone().json();
    return response;
  });
  try {
    const known = pageBasics();
    // An operator's preview frame (issue 24) reads per side, which its address may no longer name: the browser renders it.
    if (known?.self?.session_data.logged_in !== true || known.self.session_data.preview) return undefined;
    const language = languageOf(known);
    setServerLanguage(language);
    const texts = initTexts(language, hints.namespaces, known.config.overrides.texts);
    await bootstrapSession();
    const session = sessionStore.get();
    if (refused || signal.aborted || session.status !== 'ready' || session.self?.session_data.logged_in !== true || !session.config)
      return undefined;
    // The screen's reads: in the query cache the page carries (the browser's loader finds them there).
    recording = false;
    const handler = staticHandlerFor(session.config.prefixes);
    const context = await handler.query(new Request(new URL(url, 'http://portal')));
    if (context instanceof Response) return undefined;
    await loader.started();
    const { client } = await loadDataLayer();
    await settled(client, signal);
    const loadedTexts = await texts;
    await loadedTexts.ready(hints.namespaces);
    if (signal.aborted) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    // No router script in the page (hydrate false): the strict CSP runs none; the browser's router starts from the URL.
    const { prelude } = await prerender(
      <StrictMode>
        <App texts={loadedTexts} routing={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
      </StrictMode>,
      // Every boundary inline (none outlined behind a script to reveal it): the strict CSP runs no script of the page.
      {
        signal,
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A render over its budget is aborted on purpose (server/http/server-render.ts sends the page for the browser to render): no stack for that.
        onError: (error: unknown) => {
          if (!signal.aborted) console.error(error);
        },
      },
    );
    const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
    if (refused || signal.aborted) return undefined;
    return {
      html,
      ...schemeOf(session.config.theme.colorScheme),
      state: {
        language,
        currency: sessionStore.get().selectedCurrency ?? null,
        viewportWidth: viewportWidth ?? null,
        textScale: (textScale && formatTextScale(textScale)) ?? null,
        responses,
        queries: dehydrate(client),
      },
    };
  } finally {
    setTransport(undefined);
    setServerStyleNonce(undefined);
    setServerLanguage(undefined);
    setServerViewportWidth(undefined);
    setServerTextScale(undefined);
    setServerStoredLanguage(undefined);
    resetDataLayer();
    sessionStore.reset();
  }
}
