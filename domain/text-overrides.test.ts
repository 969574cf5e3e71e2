import { describe, expect, it } from 'vitest';
import { overrideTree, textOverrideProblems, withTextOverrides } from './text-overrides.ts';

const overrides = {
  de: { 'overview.title': 'Kontoübersicht', 'overview.cards.due': 'Fällig', 'common.ok': 'Gut' },
  en: { 'overview.title': 'Summary' },
};

describe('text overrides (issue 24)', () => {
  it('builds the tree of one language and namespace', () => {
    expect(overrideTree(overrides, 'de', 'overview')).toEqual({ title: 'Kontoübersicht', cards: { due: 'Fällig' } });
    expect(overrideTree(overrides, 'fr', 'overview')).toBeUndefined();
    expect(overrideTree(overrides, 'en', 'common')).toBeUndefined();
  });

  it('merges over the shipped file and keeps the rest of it', () => {
    const shipped = { title: 'Übersicht', cards: { due: 'Offen', paid: 'Bezahlt' }, other: 'Andere' };
    expect(withTextOverrides(shipped, overrides, 'de', 'overview')).toEqual({
      title: 'Kontoübersicht',
      cards: { due: 'Fällig', paid: 'Bezahlt' },
      other: 'Andere',
    });
    expect(withTextOverrides(shipped, undefined, 'de', 'overview')).toBe(shipped);
  });

  it('refuses an unknown key, a language the tenant does not offer and a key missing in some of its languages', () => {
    const known = new Set(['overview.title', 'common.ok']);
    const problems = textOverrideProblems(
      { de: { 'overview.title': 'A', 'overview.nope': 'B' }, en: { 'overview.title': 'C', 'common.ok': 'D' }, fr: { 'common.ok': 'E' } },
      ['en', 'de'],
      (key) => known.has(key),
    );
    expect(problems).toEqual([
      { code: 'studio.texts.unknownKey', values: { key: 'overview.nope' }, pointer: '/overrides/texts/de/overview.nope' },
      { code: 'studio.texts.languageNotOffered', values: { language: 'fr' }, pointer: '/overrides/texts/fr' },
      { code: 'studio.texts.missingLanguages', values: { key: 'common.ok', languages: 'de' }, pointer: '/overrides/texts/de/common.ok' },
    ]);
    expect(textOverrideProblems({ de: { 'overview.title': 'A' }, en: { 'overview.title': 'B' } }, ['en', 'de'], () => true)).toEqual([]);
  });
});
