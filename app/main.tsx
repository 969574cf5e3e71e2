import '@mantine/core/styles.css';
import '../engine/app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createPortalRouter, type PortalRouter } from '../engine/app/App.tsx';
import { bootHints } from '../engine/session/page-hints.ts';
import { shareStyleNonce } from '../engine/app/csp-nonce.ts';
import { initTexts, initialLanguage } from '../engine/i18n/i18n.ts';
import type { Texts } from '../engine/i18n/i18next-texts.ts';
import type { LanguageCode } from '../domain/tenant.ts';
import { bootstrapSession, sessionStore, type SessionBasics } from '../engine/session/store.ts';
import type { PortalConfig, SelfAttributes, SessionState } from '../engine/session/types.ts';
import { setPluginSource } from '../engine/registry/plugins.ts';

// The composition root registers the plugins (when a screen first mounts one); the engine itself never imports one.
setPluginSource(() => import('../plugins/index.ts'));

/**
 * The user's language: the stored choice, else /self's language where the tenant offers it, else
 * the tenant's default. An operator's preview (issue 24) is in the language the operator chose for
 * it: the stored choice is the studio's, which shares this origin.
 */
function languageOf({ config, self }: Pick<SessionBasics, 'config' | 'self'>) {
  const language = self?.language;
  if (self?.session_data.preview && language && config.languages.includes(language as never)) return language as LanguageCode;
  return initialLanguage(
    config.languages,
    self?.language && config.languages.includes(self.language as never) ? (self.language as never) : config.defaultLanguage,
  );
}

type PageDocuments = { config?: { data: { attributes: PortalConfig } }; self?: { data: { attributes: SelfAttributes } } };

/** The configuration and the user the page carries (session/page-hints.ts), when it does: the language is known at once. */
function pageBasics(): Pick<SessionBasics, 'config' | 'self'> | undefined {
  const { config, self } = bootHints().documents as PageDocuments;
  return config ? { config: config.data.attributes, self: self?.data.attributes ?? null } : undefined;
}

/**
 * spec §1: a spinner (static, in index.html) shows until feature flags, configuration and
 * /self are loaded; then the page title comes from configuration.
 * Issue 11 (a cold load without a waterfall): configuration, flags and /self are asked at once;
 * as soon as they are in, the router is created and its route loader starts the screen's reads;
 * then the texts load while the policy and the selected customer finish the session.
 */
async function start(): Promise<void> {
  shareStyleNonce();
  let router: PortalRouter | undefined;
  // Issue 25: with the page's documents, the first screen's texts (its hints) start with the entry, beside the screen's reads.
  const known = pageBasics();
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
  const root = createRoot(document.getElementById('root')!);
  if (!config || !router || !texts) {
    document.getElementById('boot-error')?.removeAttribute('hidden');
    document.getElementById('boot-spinner')?.remove();
    return;
  }
  document.title = config.title;
  const loadedTexts = await texts;
  document.getElementById('boot-spinner')?.remove();
  root.render(
    <StrictMode>
      <App texts={loadedTexts} router={router} />
    </StrictMode>,
  );
}

void start();
