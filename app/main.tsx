import '@mantine/core/styles.css';
import '../engine/theme/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App, createPortalRouter, type PortalRouter } from './App.tsx';
import { bootHints } from '../engine/session/page-hints.ts';
import { shareStyleNonce } from '../engine/runtime/csp-nonce.ts';
import { initTexts } from '../engine/i18n/i18n.ts';
import type { Texts } from '../engine/i18n/i18next-texts.ts';
import { log } from '../engine/logging/logger.ts';
import { loadDataLayer } from '../engine/data/data-layer.tsx';
import { bootstrapSession, sessionStore } from '../engine/session/store.ts';
import { restoreServerStyles, serverRenderState } from '../engine/session/server-render.ts';
import { SERVER_RENDER_ID } from '../common/server-render.ts';
import type { SessionState } from '../engine/session/types.ts';
import { languageOf, pageBasics, registerPlugins } from './boot.ts';

registerPlugins();

/**
 * spec §1: a spinner (static, in index.html) shows until feature flags, configuration and
 * /self are loaded; then the page title comes from configuration.
 * Issue 11 (a cold load without a waterfall): configuration, flags and /self are asked at once;
 * as soon as they are in, the router is created and its route loader starts the screen's reads;
 * then the texts load while the policy and the selected customer finish the session.
 * Issue 25: a page the server rendered (server/http/server-render.ts) carries the answers its
 * boot read, so the same boot reaches the same session without asking, and the markup is
 * hydrated rather than rendered again: unless this browser chose another language or (in this
 * tab) another currency than the server could know, which renders it anew.
 */
async function start(): Promise<void> {
  shareStyleNonce();
  let router: PortalRouter | undefined;
  // Issue 25: with the page's documents, the first screen's texts (its hints) start with the entry, beside the screen's reads.
  const known = pageBasics();
  const language = known ? languageOf(known) : undefined;
  let texts: Promise<Texts> | undefined = known
    ? initTexts(languageOf(known), bootHints().namespaces, known.config.overrides.texts)
    : undefined;
  let bootView: Promise<SessionState> | undefined;
  let booted = false;
  const loaderSession = () => (booted || !bootView ? Promise.resolve(sessionStore.get()) : bootView);
  await bootstrapSession(async (basics) => {
    // Signed out, route loaders start nothing and the store's view will do; signed in, the boot's
    // view comes with the data layer's chunk (engine/build/chunks.ts), asked beside /self.
    bootView =
      basics.self?.session_data.logged_in === true
        ? import('../engine/session/boot-view.ts').then((module) => module.bootSessionView(basics, sessionStore.get().paymentMode))
        : Promise.resolve(sessionStore.get());
    const created = createPortalRouter(basics.config.prefixes, loaderSession);
    router = created.router;
    // The screen's reads go first: the texts, the policy and the customer wait until they are asked.
    await created.started();
    texts ??= initTexts(languageOf(basics), bootHints().namespaces, basics.config.overrides.texts);
  });
  booted = true;
  const { config } = sessionStore.get();
  const container = document.getElementById('root')!;
  if (!config || !router || !texts) {
    document.getElementById('boot-error')?.removeAttribute('hidden');
    document.getElementById('boot-spinner')?.remove();
    container.replaceChildren();
    return;
  }
  document.title = config.title;
  const loadedTexts = await texts;
  const page = (
    <StrictMode>
      <App texts={loadedTexts} routing={<RouterProvider router={router} />} />
    </StrictMode>
  );
  const rendered = serverRenderState();
  const session = sessionStore.get();
  // This tab's own choices the server could not know (language, currency) render the page anew.
  const asRendered = !!rendered && rendered.language === language && (rendered.currency ?? null) === (session.selectedCurrency ?? null);
  if (rendered && asRendered && session.self?.session_data.logged_in === true) {
    // The markup's texts and data are the server's: the same namespaces and the same cache here before the first render.
    await Promise.all([loadedTexts.ready(bootHints().namespaces)?.catch(() => undefined), loadDataLayer().catch(() => undefined)]);
    document.getElementById('boot-spinner')?.remove();
    restoreServerStyles(container);
    hydrateRoot(container, page, {
      // A mismatch React recovered from (it rendered the part again) is a defect to see: the client log has it.
      onRecoverableError: (error) => log('error', `hydration: ${error instanceof Error ? error.message : String(error)}`),
    });
    return;
  }
  document.getElementById('boot-spinner')?.remove();
  // Rendered anew: what the server's render read no longer describes the page.
  if (rendered) document.getElementById(SERVER_RENDER_ID)?.remove();
  createRoot(container).render(page);
}

void start();
