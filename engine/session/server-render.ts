import { useSyncExternalStore } from 'react';
import { SERVER_RENDER_ID, SERVER_STYLE_ATTRIBUTE, type ServerRenderState } from '../../common/server-render.ts';

let read: ServerRenderState | null | undefined;

/**
 * What a server-rendered page carries for the boot (common/server-render.ts, issue 25), once the
 * page holds it and its markup: null for a page the browser renders alone.
 */
export function serverRenderState(): ServerRenderState | null {
  if (read !== undefined) return read;
  read = null;
  if (typeof document === 'undefined' || !document.getElementById('root')?.firstChild) return read;
  try {
    const parsed = JSON.parse(document.getElementById(SERVER_RENDER_ID)?.textContent ?? 'null') as Partial<ServerRenderState> | null;
    if (parsed && typeof parsed.language === 'string' && parsed.responses && typeof parsed.responses === 'object')
      read = {
        language: parsed.language,
        currency: parsed.currency ?? null,
        viewportWidth: typeof parsed.viewportWidth === 'number' ? parsed.viewportWidth : null,
        textScale: typeof parsed.textScale === 'string' ? parsed.textScale : null,
        responses: parsed.responses,
        queries: parsed.queries,
      };
  } catch {
    // Unreadable: the page is rendered again in the browser.
  }
  return read;
}

const taken = new Set<string>();

/**
 * The server's answer to `GET url` during its render, once: the boot then reaches the state the
 * server rendered with without asking again; any later read of the same URL asks the API.
 */
export function takeCarriedResponse(url: string): unknown {
  const responses = serverRenderState()?.responses;
  if (!responses || taken.has(url) || !Object.hasOwn(responses, url)) return undefined;
  taken.add(url);
  return responses[url];
}

const noSubscription = () => () => {};

/**
 * Whether this render is the server's, or the browser's hydration of the server's markup: what the
 * browser alone knows (the width of the page) is then read after the first render, as the server
 * could not know it, so the two renders match. React's own signal (useSyncExternalStore hands a
 * render its server snapshot exactly then), not a flag of ours: a lazy part of the screen hydrates
 * after the root has committed, and must still render as the server did.
 */
export function useRenderingLikeServer(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * Gives each element of the server's markup back the style the server moved out of its HTML for
 * the strict CSP (common/server-render.ts SERVER_STYLE_ATTRIBUTE), through the CSSOM, which the
 * CSP allows: the markup is then what React renders, before React hydrates it.
 */
export function restoreServerStyles(container: HTMLElement): void {
  for (const element of container.querySelectorAll<HTMLElement>(`[${SERVER_STYLE_ATTRIBUTE}]`)) {
    element.style.cssText = element.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
    element.removeAttribute(SERVER_STYLE_ATTRIBUTE);
  }
}

let serverLanguage: string | undefined;

/** The server's render (app/entry-server.tsx) names the language it renders in; the browser's page says it on its root element. */
export function setServerLanguage(language: string | undefined): void {
  serverLanguage = language;
}

/** The language the page is in (i18n.ts initTexts sets it), 'en' until it is known. */
export function pageLanguage(): string {
  if (typeof document === 'undefined') return serverLanguage ?? 'en';
  return document.documentElement.lang || 'en';
}

let serverViewportWidth: number | undefined;

/** The server's render (app/entry-server.tsx) names the page width it renders for, when the request said it. */
export function setServerViewportWidth(width: number | undefined): void {
  serverViewportWidth = width;
}

/**
 * The page width the first screen was rendered for (common/viewport-hint.ts): on the server, the
 * request's; in the browser, the one a server-rendered page carries; undefined otherwise. What
 * depends on the width renders for it on the server and while hydrating, so the two match and
 * the markup on screen does not move when React takes it over.
 */
export function renderedViewportWidth(): number | undefined {
  if (typeof document === 'undefined') return serverViewportWidth;
  return serverRenderState()?.viewportWidth ?? undefined;
}
