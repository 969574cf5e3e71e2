import { readFileSync } from 'node:fs';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';
import { interpolate } from '../mail/templates.ts';

/**
 * Texts the server writes itself (the card field's labels, notifications it creates), taken
 * from the portal's translations so translators keep them with everything else.
 */
type Tree = { [key: string]: string | Tree };
const LOCALES = new URL('../../locales/', import.meta.url);
const files = new Map<string, Tree>();

function namespace(language: LanguageCode, name: string): Tree {
  const path = `${language}/${name}.json`;
  let tree = files.get(path);
  if (!tree) {
    try {
      tree = JSON.parse(readFileSync(new URL(path, LOCALES), 'utf8')) as Tree;
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
    let node: string | Tree | undefined = namespace(code, name ?? '');
    for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const text = find(textLanguage(language)) ?? find('en');
  return text === undefined ? key : interpolate(text, values);
}
