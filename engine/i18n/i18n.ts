import { startTransition } from 'react';
import { localeUrl, NAMESPACES } from 'virtual:portal-locales';
import { LANGUAGE_COOKIE, LANGUAGES, type LanguageCode } from '../../common/locales.ts';
import type { TextOverrides } from '../../domain/tenant.ts';
import { Texts, type TextTree } from './i18next-texts.ts';
import { withTenantTexts } from './tenant-texts.ts';
import { send } from '../data/transport.ts';
import { takeCarriedResponse } from '../session/server-render.ts';
import { browserCookie, keepBrowserCookie } from '../runtime/browser-cookie.ts';

/** spec §1: the chosen locale is kept in local storage; default and fallback en. */
export const LOCALE_STORAGE_KEY = 'portal.locale';

/**
 * The namespaces every language has, and where each language file is: the build emits them as
 * JSON under one hashed folder (engine/build/locales-plugin.ts), fetched by i18next's backend only
 * when that language and namespace are wanted. JSON rather than a JavaScript chunk per file:
 * texts are parsed as data, not run as code.
 */
export { NAMESPACES } from 'virtual:portal-locales';

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
  if (!isLanguage(language) || !NAMESPACES.includes(namespace)) return {};
  const url = localeUrl(language, namespace);
  // A server-rendered page carries the texts its render read (issue 25): the same files, no request.
  const carried = takeCarriedResponse(url);
  if (carried !== undefined) return carried as TextTree;
  const response = await send(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as TextTree;
}

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

let serverStoredLanguage: string | undefined;

/** The server's render (app/entry-server.tsx) names the choice the browser's cookie copies (LANGUAGE_COOKIE). */
export function setServerStoredLanguage(language: string | undefined): void {
  serverStoredLanguage = language;
}

/** `stored` when it is a language of the portal's that the tenant offers, else the tenant's default. */
export function offeredChoice(
  offered: readonly LanguageCode[],
  tenantDefault: LanguageCode,
  stored: string | null | undefined,
): LanguageCode {
  return isLanguage(stored) && offered.includes(stored) ? stored : tenantDefault;
}

/**
 * The stored choice when the tenant offers it, else the tenant's default. Without a choice in
 * local storage (cleared apart from the cookies), the cookie's copy (copyToCookie): the server rendered the page
 * in that language, and the browser hydrating it in another would flip every page it renders.
 */
export function initialLanguage(offered: readonly LanguageCode[], tenantDefault: LanguageCode): LanguageCode {
  // The server's render reads the cookie that copies the browser's choice (rememberLanguage).
  const stored =
    typeof localStorage === 'undefined'
      ? (serverStoredLanguage ?? null)
      : (localStorage.getItem(LOCALE_STORAGE_KEY) ?? browserCookie(LANGUAGE_COOKIE) ?? null);
  const language = offeredChoice(offered, tenantDefault, stored);
  if (language === stored) copyToCookie(language);
  return language;
}

/** Keeps the choice (spec §1: in local storage), and its copy for the server. */
function rememberLanguage(language: LanguageCode): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, language);
  copyToCookie(language);
}

/** The choice's copy for the server's render (LANGUAGE_COOKIE). */
function copyToCookie(language: LanguageCode): void {
  keepBrowserCookie(LANGUAGE_COOKIE, language);
}

/**
 * The portal's translator in `language` with the base namespaces loaded. `first` (the namespaces
 * the first screen waits for, engine/session/page-hints.ts) are asked at the same time but not
 * waited for: the frame renders meanwhile, and the screen waits for them itself (a failure shows
 * there, with its retry). `tenantTexts`: the tenant's own texts (withTenantTexts).
 */
export async function initTexts(language: LanguageCode, first: readonly string[] = [], tenantTexts?: TextOverrides): Promise<Texts> {
  const texts = new Texts({ load: withTenantTexts(loadFile, tenantTexts), namespaces: NAMESPACES, language });
  const base = texts.ready(BASE_NAMESPACES);
  void texts.ready(first)?.catch(() => undefined);
  await base;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return texts;
}

/** Resolves once the browser had the chance to paint what an event changed (at the latest after 100 ms: a hidden tab paints no frames). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * Switches the portal's language. Its texts are fetched first, after the frame that shows the
 * choice; then the switch renders every text of the page again in a React transition, which
 * yields to the user's next input instead of blocking it. Before, at 4x CPU slowdown the
 * change's own event fetched the files and, when they were there, rendered the whole signed-in
 * screen before its next frame: up to 870 ms (issue 25, `npm run bench:inp`). A file that fails
 * is left to i18next, as before: its texts fall back to English.
 */
export async function changeLanguage(texts: Texts, language: LanguageCode): Promise<void> {
  await afterPaint();
  await texts.preload(language).catch(() => undefined);
  await new Promise<void>((resolve) => {
    startTransition(() => {
      void texts.changeLanguage(language).then(resolve);
    });
  });
  rememberLanguage(language);
  document.documentElement.lang = language;
}
