/**
 * What the browser's boot (main.tsx) and the server's render of the first screen
 * (entry-server.tsx) decide alike, so the two render the same tree (issue 25).
 */
import type { LanguageCode } from '../common/locales.ts';
import { initialLanguage } from '../engine/i18n/i18n.ts';
import { setPluginSource } from '../engine/registry/plugins.ts';
import { bootHints } from '../engine/session/page-hints.ts';
import type { SessionBasics } from '../engine/session/store.ts';
import type { PortalConfig, SelfAttributes } from '../engine/session/types.ts';
import type { PageHints } from '../common/route-hints.ts';

/** The composition root registers the plugins (when a screen first mounts one); the engine itself never imports one. */
export function registerPlugins(): void {
  setPluginSource(() => import('../plugins/index.ts'));
}

/**
 * The user's language: the stored choice, else /self's language where the tenant offers it, else
 * the tenant's default. An operator's preview (issue 24) is in the language the operator chose for
 * it: the stored choice is the studio's, which shares this origin. The server knows no stored
 * choice but its cookie copy (`choose`: entry-server.tsx); a browser whose choice differs renders
 * the page itself (main.tsx).
 */
export function languageOf(
  { config, self }: Pick<SessionBasics, 'config' | 'self'>,
  choose: (offered: readonly LanguageCode[], fallback: LanguageCode) => LanguageCode = initialLanguage,
): LanguageCode {
  const language = self?.language;
  if (self?.session_data.preview && language && config.languages.includes(language as never)) return language as LanguageCode;
  return choose(
    config.languages,
    self?.language && config.languages.includes(self.language as never) ? (self.language as never) : config.defaultLanguage,
  );
}

type PageDocuments = { config?: { data: { attributes: PortalConfig } }; self?: { data: { attributes: SelfAttributes } } };

/** The configuration and the user a page's documents hold (session/page-hints.ts), when they do. */
export function basicsOf(documents: PageHints['documents']): Pick<SessionBasics, 'config' | 'self'> | undefined {
  const { config, self } = documents as PageDocuments;
  return config ? { config: config.data.attributes, self: self?.data.attributes ?? null } : undefined;
}

/** The configuration and the user the page carries, when it does: the language is known at once. */
export function pageBasics(): Pick<SessionBasics, 'config' | 'self'> | undefined {
  return basicsOf(bootHints().documents);
}
