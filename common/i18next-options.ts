import type { InitOptions } from 'i18next';

/** spec §1: English is the default and the fallback language. */
export const FALLBACK_LANGUAGE = 'en';

/**
 * The i18next options the portal and the server share, so a key reads the same on both sides.
 *
 * Keys are written "namespace.path" everywhere (definitions, components, API error codes):
 * nsSeparator and keySeparator are both '.', and i18next then takes the first part as the
 * namespace when it is one of its `ns` (i18next's rule for equal separators), so
 * t('auth.login.title') reads `login.title` of locales/<lng>/auth.json. There is no default
 * namespace: a key always names its own.
 */
export const SHARED_I18NEXT_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  nsSeparator: '.',
  keySeparator: '.',
  defaultNS: false,
  // Nothing is escaped here: React escapes what it renders, mail is plain text, and the legacy
  // pages escape each finished text (server/legacy/pages.ts).
  interpolation: { escapeValue: false },
  // A key naming a group of texts shows its path, like a key that exists nowhere.
  returnedObjectHandler: (key: string) => key,
} satisfies InitOptions;
