import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';

/** spec §1: the chosen locale is kept in local storage; default and fallback en. */
export const LOCALE_STORAGE_KEY = 'portal.locale';
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

// One chunk per language file, fetched only when that language is used.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('/locales/*/*.json');

function filesOf(language: LanguageCode): Array<[namespace: string, load: () => Promise<{ default: Record<string, unknown> }>]> {
  return Object.entries(localeFiles)
    .filter(([path]) => path.startsWith(`/locales/${language}/`))
    .map(([path, load]) => [path.slice(`/locales/${language}/`.length, -'.json'.length), load]);
}

async function loadLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  await Promise.all(filesOf(language).map(async ([namespace, load]) => {
    if (!instance.hasResourceBundle(language, namespace)) instance.addResourceBundle(language, namespace, (await load()).default, true, true);
  }));
}

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice when the tenant offers it, else the tenant's default. */
export function initialLanguage(offered: readonly LanguageCode[], tenantDefault: LanguageCode): LanguageCode {
  const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLanguage(stored) && offered.includes(stored) ? stored : tenantDefault;
}

export async function initI18n(language: LanguageCode): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: ['common', 'errors'],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([loadLanguage(instance, FALLBACK_LANGUAGE), language === FALLBACK_LANGUAGE ? undefined : loadLanguage(instance, language)]);
  document.documentElement.lang = language;
  return instance;
}

export async function changeLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  localStorage.setItem(LOCALE_STORAGE_KEY, language);
  document.documentElement.lang = language;
}

/**
 * Keys are written "namespace.path.to.text" everywhere (definitions, components, API error codes);
 * i18next wants "namespace:path.to.text".
 * toI18nextKey('errors.auth.passwordIncorrect') === 'errors:auth.passwordIncorrect'
 */
export function toI18nextKey(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : `${key.slice(0, dot)}:${key.slice(dot + 1)}`;
}
