import type { TextOverrides } from '../../domain/text-overrides.ts';

type Overrides = Record<string, unknown>;
const isEmpty = (value: unknown) => value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * A tenant document with one section of its `overrides` (screens, permissions, texts) replaced;
 * an empty section is dropped, and `overrides` itself once it holds nothing, so a tenant back to
 * the shipped configuration carries no empty shells (the diff would read them as changes).
 */
export function withOverride<T extends { overrides?: object }>(document: T, section: string, value: unknown): T {
  const { [section]: _previous, ...rest } = (document.overrides ?? {}) as Overrides;
  const overrides = isEmpty(value) ? rest : { ...rest, [section]: value };
  const { overrides: _overrides, ...tenant } = document;
  return (isEmpty(overrides) ? tenant : { ...tenant, overrides }) as T;
}

/** The section's map with `key` set to `value`, or removed when `value` is undefined. */
export function withEntry<V>(map: Record<string, V> | undefined, key: string, value: V | undefined): Record<string, V> {
  const { [key]: _previous, ...rest } = map ?? {};
  return value === undefined ? rest : { ...rest, [key]: value };
}

/** The keys the tenant overrides in any language, sorted. */
export const overriddenKeys = (texts: TextOverrides | undefined): string[] =>
  [...new Set(Object.values(texts ?? {}).flatMap((byKey) => Object.keys(byKey ?? {})))].sort();

/** The tenant's texts of `key`, by language. */
export const textsOfKey = (texts: TextOverrides | undefined, key: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(texts ?? {}).flatMap(([language, byKey]) => (byKey?.[key] === undefined ? [] : [[language, byKey[key]]])),
  );

/**
 * The tenant's texts with `key` given `values` by language: a blank or absent language has no
 * override of it (the check then names the languages it lacks); no values remove the key.
 */
export function withKeyTexts(texts: TextOverrides | undefined, key: string, values: Record<string, string>): TextOverrides {
  const languages = new Set([...Object.keys(texts ?? {}), ...Object.keys(values)]);
  const next: Record<string, Record<string, string>> = {};
  for (const language of languages) {
    const text = values[language]?.trim() ? values[language] : undefined;
    const byKey = withEntry((texts as Record<string, Record<string, string>> | undefined)?.[language], key, text);
    if (Object.keys(byKey).length > 0) next[language] = byKey;
  }
  return next as TextOverrides;
}
