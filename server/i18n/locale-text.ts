import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance, type Resource, type TFunction } from 'i18next';
import { FALLBACK_LANGUAGE, SHARED_I18NEXT_OPTIONS } from '../../common/i18next-options.ts';
import { LANGUAGES, type LanguageCode } from '../../common/locales.ts';

/**
 * Texts the server writes itself (account-recovery mail, the card field's labels, notifications
 * it creates, the legacy pages), taken from the portal's translations through i18next, so
 * translators keep them with everything else and plurals and placeholders read as in the portal.
 * Every locales/<lang>/<namespace>.json is read once, when the server starts.
 */
const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));

function readLocales(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    const files = readdirSync(`${LOCALES}${language}`).filter((file) => file.endsWith('.json'));
    resources[language] = Object.fromEntries(
      files.map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(`${LOCALES}${language}/${file}`, 'utf8')) as object]),
    );
  }
  return resources;
}

const resources = readLocales();
const i18n = createInstance();
// With every resource given, init finishes at once (no backend, nothing to wait for).
void i18n.init({
  ...SHARED_I18NEXT_OPTIONS,
  resources,
  lng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? {}),
  initAsync: false,
  // The server has no React to show a path: a text that exists nowhere reads as its whole key.
  appendNamespaceToMissingKey: true,
});

/** A supported language code from "de", "de-DE" or anything else (English). */
export function textLanguage(language: string | null | undefined): LanguageCode {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as LanguageCode) : FALLBACK_LANGUAGE;
}

const translators = new Map<LanguageCode, TFunction>();

/** i18next's `t` fixed to a supported language (English for anything else). */
export function textsIn(language: string | null | undefined): TFunction {
  const code = textLanguage(language);
  let t = translators.get(code);
  if (!t) {
    t = i18n.getFixedT(code);
    translators.set(code, t);
  }
  return t;
}

/**
 * The text of an i18n key ("namespace.path") in `language`, else English, else the key itself.
 * localeText('de', 'cardField.number') === 'Kartennummer'
 */
export function localeText(language: string | null | undefined, key: string, values: Record<string, string | number> = {}): string {
  return textsIn(language)(key, values);
}

/** Plural and context forms i18next reads for a key ("items" → "items_one", "items_other"). */
const FORM_SUFFIX = /^_(zero|one|two|few|many|other|male|female)$/;

/**
 * Whether the portal has a text of this key ("namespace.path") in English, the language every key
 * exists in (npm run i18n:check); a counted text exists by its plural forms. The studio refuses a
 * tenant's own text of a key that does not exist (issue 24).
 */
export function textKeyExists(key: string): boolean {
  const [namespace, ...path] = key.split('.');
  let node: unknown = resources[FALLBACK_LANGUAGE]?.[namespace ?? ''];
  for (const segment of path.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[segment];
  if (node === null || typeof node !== 'object' || path.length === 0) return false;
  const last = path.at(-1)!;
  return Object.entries(node).some(
    ([name, value]) => typeof value === 'string' && (name === last || (name.startsWith(last) && FORM_SUFFIX.test(name.slice(last.length)))),
  );
}
