import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findKeys } from 'i18next-cli';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { LANGUAGES } from '../../common/locales.ts';
import config from './i18next.config.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Every text of every language as "namespace.path" → text. */
function texts(language: string): Map<string, string> {
  const all = new Map<string, string>();
  const dir = join('locales', language);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    for (const [key, value] of flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree)) all.set(`${namespace}.${key}`, value);
  }
  return all;
}

function filesUnder(directory: string, pattern: RegExp): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;
const NAMESPACES = new Set(readdirSync('locales/en').map((file) => file.replace(/\.json$/, '')));
const isKey = (value: string) => KEY.test(value) && NAMESPACES.has(value.split('.')[0]!);

/**
 * Keys named as data, which no extractor sees: definitions (screens, forms, menus), the policy,
 * tenants (their overrides), the error catalogue, and key-shaped string literals in the portal's
 * code (keys passed around before they reach t(), e.g. `label: 'payments.method.card'`). Not the
 * server's: there "invoices.status" is a column, and its own texts are t() calls or built keys.
 */
function keysNamedAsData(): Map<string, string> {
  const used = new Map<string, string>();
  const collect = (value: unknown, where: string) => {
    if (typeof value === 'string') {
      if (isKey(value)) used.set(value, where);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item) => collect(item, where));
      return;
    }
    if (value && typeof value === 'object') for (const item of Object.values(value)) collect(item, where);
  };
  for (const file of ['screens', 'permissions', 'tenants'].flatMap((directory) => filesUnder(directory, /\.json$/)))
    collect(JSON.parse(readFileSync(file, 'utf8')), file);
  for (const file of ['engine', 'plugins', 'app', 'studio']
    .flatMap((directory) => filesUnder(directory, /\.tsx?$/))
    .filter((name) => !name.includes('.test.'))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/['`]([a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+)['`]/g)) if (isKey(match[1]!)) used.set(match[1]!, file);
  }
  for (const code of Object.values(ErrorCode)) used.set(code, 'domain/error-codes.ts');
  return used;
}

interface KeyInCode {
  where: string;
  counted: boolean;
}

/** The keys the code passes to t() (`*.t` too), as i18next-cli's extractor finds them: "namespace.path". */
async function keysInCode(): Promise<Map<string, KeyInCode>> {
  const quiet = {
    info: () => undefined,
    warn: () => undefined,
    error: (message: unknown) => {
      throw new Error(String(message));
    },
  };
  const { allKeys } = await findKeys(config, quiet);
  const keys = new Map<string, KeyInCode>();
  for (const found of allKeys.values()) {
    // A t() with a count comes back as the English plural forms (key_one, key_other): one key here.
    const path = found.isExpandedPlural ? found.key.replace(/_(zero|one|two|few|many|other)$/, '') : found.key;
    keys.set(found.ns ? `${found.ns}.${path}` : path, { where: found.locations?.[0]?.file ?? '?', counted: found.hasCount === true });
  }
  return keys;
}

/**
 * i18next reads a counted key as key_<plural category of the language> (key_zero for 0), else
 * the plain key: either the plain key or every category's form must be there.
 */
function hasText(all: Map<string, string>, language: string, key: string, counted: boolean): boolean {
  if (all.has(key)) return true;
  if (!counted) return false;
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories.every((category) => all.has(`${key}_${category}`));
}

const inCode = await keysInCode();
const english = texts('en');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
/** Texts that may read the same in another language: placeholders only, codes, short technical words. */
const mayEqualEnglish = (text: string) =>
  text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\s\p{P}]/gu, '').length <= 3 ||
  /^(ID|IBAN|CSV|PDF|SSO|AutoPay|OK|Status|Email|E-mail|Online)$/i.test(text.trim());

describe('translations (spec section 1: 15 languages)', () => {
  it('has a folder for each of the 15 languages', () => {
    expect(readdirSync('locales').sort()).toEqual([...LANGUAGES].sort());
  });

  it('has every key named by definitions, policy, tenants, the error catalogue and code in English', () => {
    const missing = [...keysNamedAsData()].filter(([key]) => !english.has(key)).map(([key, where]) => `${key} (${where})`);
    expect(missing).toEqual([]);
  });

  it('finds the t() calls of engine, plugins, app and server with i18next-cli', () => {
    // Guards the extractor's configuration: globs or separators that stop matching find nothing.
    expect(inCode.size).toBeGreaterThan(100);
    expect(inCode.get('common.switcher.customer')?.where).toMatch(/^(engine|plugins|app)\//);
    expect(
      [...inCode.keys()].filter((key) => !NAMESPACES.has(key.split('.')[0]!)),
      'keys without a locale namespace',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s has every key the code passes to t()', (language) => {
    const translated = texts(language);
    const missing = [...inCode]
      .filter(([key, { counted }]) => !hasText(translated, language, key, counted))
      .map(([key, { where }]) => `${key} (${where})`);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has exactly the English keys with the same placeholders', (language) => {
    const translated = texts(language);
    expect(
      [...translated.keys()].filter((key) => !english.has(key)),
      'extra keys',
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !translated.has(key)),
      'missing keys',
    ).toEqual([]);
    for (const [key, text] of english) expect(placeholders(translated.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s is translated, not an English copy', (language) => {
    const translated = texts(language);
    const copies = [...english].filter(([key, text]) => translated.get(key) === text && !mayEqualEnglish(text)).map(([key]) => key);
    // A handful of international words may coincide; a copied file would show hundreds.
    expect(copies.length, copies.join(', ')).toBeLessThanOrEqual(Math.max(3, Math.floor(english.size * 0.02)));
  });
});
