/** The languages the portal has texts for (locales/<code>/); a tenant offers some of them. */
export type LanguageCode = 'bg' | 'cs' | 'da' | 'de' | 'en' | 'es' | 'fr' | 'hu' | 'it' | 'lt' | 'nl' | 'pl' | 'pt' | 'ro' | 'sk';

export const LANGUAGES: readonly LanguageCode[] = [
  'bg',
  'cs',
  'da',
  'de',
  'en',
  'es',
  'fr',
  'hu',
  'it',
  'lt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
];

/**
 * A copy of the language chosen in this browser (spec §1 keeps the choice in local storage, which
 * the server cannot read), so the server renders a first screen in it (issue 25) and the browser
 * hydrates that page rather than rendering it again in another language.
 */
export const LANGUAGE_COOKIE = 'portal_locale';

/** Native names and the default ISO locale per language (spec §1: default language_ISO en-US). */
export const LOCALE_INFO: Record<LanguageCode, { label: string; iso: string }> = {
  bg: { label: 'Български', iso: 'bg-BG' },
  cs: { label: 'Čeština', iso: 'cs-CZ' },
  da: { label: 'Dansk', iso: 'da-DK' },
  de: { label: 'Deutsch', iso: 'de-DE' },
  en: { label: 'English', iso: 'en-US' },
  es: { label: 'Español', iso: 'es-ES' },
  fr: { label: 'Français', iso: 'fr-FR' },
  hu: { label: 'Magyar', iso: 'hu-HU' },
  it: { label: 'Italiano', iso: 'it-IT' },
  lt: { label: 'Lietuvių', iso: 'lt-LT' },
  nl: { label: 'Nederlands', iso: 'nl-NL' },
  pl: { label: 'Polski', iso: 'pl-PL' },
  pt: { label: 'Português', iso: 'pt-PT' },
  ro: { label: 'Română', iso: 'ro-RO' },
  sk: { label: 'Slovenčina', iso: 'sk-SK' },
};

export function isoLocale(language: string): string {
  return LOCALE_INFO[language as LanguageCode]?.iso ?? 'en-US';
}
