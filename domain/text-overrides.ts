/**
 * A tenant's own texts (issue 24, `overrides.texts`): by language, a key as the portal names it
 * ("overview.title", namespace then path) → the tenant's text. The portal merges them over the
 * namespace files it loads (engine/i18n/i18n.ts), the server over the texts it writes
 * (server/i18n/locale-text.ts); the studio's check refuses a key no text has, and a key
 * overridden in some of the tenant's languages but not in all of them (it would read in the
 * shipped wording in the others).
 */
import type { LanguageCode } from '../common/locales.ts';
import type { TextOverrides } from './tenant.ts';

export type { TextOverrides } from './tenant.ts';
export type TextTree = { [key: string]: string | TextTree };

const isTree = (value: unknown): value is TextTree => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The overrides of one language and namespace as a tree ("overview.title" → { title }); undefined when there are none. */
export function overrideTree(overrides: TextOverrides | undefined, language: string, namespace: string): TextTree | undefined {
  const texts = overrides?.[language as LanguageCode];
  if (!texts) return undefined;
  let tree: TextTree | undefined;
  for (const [key, text] of Object.entries(texts)) {
    const [first, ...path] = key.split('.');
    if (first !== namespace || path.length === 0) continue;
    tree ??= {};
    let node = tree;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = node[segment] = isTree(next) ? next : {};
    }
    node[path.at(-1)!] = text;
  }
  return tree;
}

function mergeTrees(base: TextTree, over: TextTree): TextTree {
  const merged: TextTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = merged[key];
    merged[key] = isTree(value) && isTree(under) ? mergeTrees(under, value) : value;
  }
  return merged;
}

/** A namespace file with the tenant's texts of that language and namespace in place of the shipped ones. */
export function withTextOverrides(tree: TextTree, overrides: TextOverrides | undefined, language: string, namespace: string): TextTree {
  const over = overrideTree(overrides, language, namespace);
  return over ? mergeTrees(tree, over) : tree;
}

/** Why the studio refuses a text override; `code` is the reason's key in locales/<lang>/studio.json. */
export interface TextOverrideProblem {
  code: 'studio.texts.unknownKey' | 'studio.texts.missingLanguages' | 'studio.texts.languageNotOffered';
  values: Record<string, string>;
  pointer: string;
}

/**
 * The problems of a tenant's text overrides: a language the tenant does not offer, a key no shipped
 * text has (`keyExists` knows the portal's keys), a key overridden in some offered languages only.
 */
export function textOverrideProblems(
  overrides: TextOverrides | undefined,
  languages: readonly LanguageCode[],
  keyExists: (key: string) => boolean,
): TextOverrideProblem[] {
  if (!overrides) return [];
  const problems: TextOverrideProblem[] = [];
  const languagesOf = new Map<string, LanguageCode[]>();
  for (const [language, texts] of Object.entries(overrides) as Array<[LanguageCode, Record<string, string>]>) {
    if (!languages.includes(language)) {
      problems.push({ code: 'studio.texts.languageNotOffered', values: { language }, pointer: `/overrides/texts/${language}` });
      continue;
    }
    for (const key of Object.keys(texts)) {
      if (!keyExists(key)) {
        problems.push({ code: 'studio.texts.unknownKey', values: { key }, pointer: `/overrides/texts/${language}/${key}` });
        continue;
      }
      languagesOf.set(key, [...(languagesOf.get(key) ?? []), language]);
    }
  }
  for (const [key, overridden] of languagesOf) {
    const missing = languages.filter((language) => !overridden.includes(language));
    if (missing.length > 0)
      problems.push({
        code: 'studio.texts.missingLanguages',
        values: { key, languages: missing.join(', ') },
        pointer: `/overrides/texts/${missing[0]}/${key}`,
      });
  }
  return problems;
}
