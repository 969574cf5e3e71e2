import { readFileSync } from 'node:fs';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';
import { interpolate, lookUp, type TextTree } from '../../domain/text-format.ts';

/**
 * Texts the server writes itself (the card field's labels, notifications it creates), taken
 * from the portal's translations so translators keep them with everything else.
 */
const LOCALES = new URL('../../locales/', import.meta.url);
const files = new Map<string, TextTree>();

function namespace(language: LanguageCode, name: string): TextTree {
  const path = `${language}/${name}.json`;
  let tree = files.get(path);
  if (!tree) {
    try {
      tree = JSON.parse(readFileSync(new URL(path, LOCALES), 'utf8')) as TextTree;
    } catch {
      tree = {};
    }
    files.set(path, tree);
  }
  return tree;
}

/** A supported language code from "de", "de-DE" or anything else (English). */
export function textLanguage(language: string | null | undefined): LanguageCode {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? code as LanguageCode : 'en';
}

/**
 * The text of an i18n key ("namespace.path") in `language`, else English, else the key itself.
 * localeText('de', 'cardField.number') === 'Kartennummer'
 */
export function localeText(language: string | null | undefined, key: string, values: Record<string, string | number> = {}): string {
  const [name, ...path] = key.split('.');
  const find = (code: LanguageCode) => {
    const text = lookUp(namespace(code, name ?? ''), path);
    return typeof text === 'string' ? text : undefined;
  };
  const text = find(textLanguage(language)) ?? find('en');
  return text === undefined ? key : interpolate(text, values);
}
