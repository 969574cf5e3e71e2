import { FALLBACK_LANGUAGE } from '../../domain/i18next-options.ts';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';
import { Texts, type TextTree } from './i18next-texts.ts';

/** spec §1: the chosen locale is kept in local storage; default and fallback en. */
export const LOCALE_STORAGE_KEY = 'portal.locale';

/**
 * The URL of each language file, emitted by the build as a hashed JSON asset of its own (never
 * inlined) and fetched by i18next's backend only when that language and namespace are wanted
 * (i18next-resources-to-backend over Vite's glob import). JSON rather than a JavaScript chunk per
 * file: the entry holds a map of short URLs, and texts are parsed as data, not run as code.
 */
const localeFiles = import.meta.glob<string>('/locales/*/*.json', { query: '?url&no-inline', import: 'default', eager: true });

/** The namespaces (file names of locales/en) every language has. */
export const NAMESPACES: readonly string[] = Object.keys(localeFiles)
  .filter((path) => path.startsWith(`/locales/${FALLBACK_LANGUAGE}/`))
  .map((path) => path.slice(`/locales/${FALLBACK_LANGUAGE}/`.length, -'.json'.length));

/**
 * The namespace every page needs before it renders: the frame, the language menu, the error
 * page and toasts use `common`. The rest load with the screen that names them
 * (routing/GuardedScreen.tsx), or when first shown: the sign-in pages fetch `errors` (API and
 * validation messages) with their first error (widgets/form).
 */
export const BASE_NAMESPACES: readonly string[] = ['common'];
/** API error codes and validation messages. */
export const ERRORS_NAMESPACE = 'errors';

async function loadFile(language: string, namespace: string): Promise<TextTree> {
  const url = localeFiles[`/locales/${language}/${namespace}.json`];
  if (!url) return {};
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return await response.json() as TextTree;
}

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice when the tenant offers it, else the tenant's default. */
export function initialLanguage(offered: readonly LanguageCode[], tenantDefault: LanguageCode): LanguageCode {
  const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLanguage(stored) && offered.includes(stored) ? stored : tenantDefault;
}

/** The portal's translator in `language` with the base namespaces loaded. */
export async function initTexts(language: LanguageCode): Promise<Texts> {
  const texts = new Texts({ load: loadFile, namespaces: NAMESPACES, language });
  await texts.ready(BASE_NAMESPACES);
  document.documentElement.lang = language;
  return texts;
}

export async function changeLanguage(texts: Texts, language: LanguageCode): Promise<void> {
  await texts.changeLanguage(language);
  localStorage.setItem(LOCALE_STORAGE_KEY, language);
  document.documentElement.lang = language;
}
