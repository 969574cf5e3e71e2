import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problemSentence } from '../../common/definition-problems.ts';
import { LANGUAGES } from '../../common/locales.ts';
import { PROBLEM_WORDS } from '../../scripts/definitions/problem-words.ts';
import { notOneOf, problemMessage } from '../../scripts/definitions/problems.ts';
import { textsIn } from '../../server/i18n/locale-text.ts';

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!));

/** `studio.json`'s text at `definitions.notOneOf.field`, or undefined. */
function studioText(language: string, code: string): unknown {
  const studio: unknown = JSON.parse(readFileSync(new URL(`../../locales/${language}/studio.json`, import.meta.url), 'utf8'));
  return code
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), studio);
}

describe("the definition check's problems as codes", () => {
  it('words every code the check can report in each of the 15 languages, with no value the check does not give', () => {
    // Problem.code is typed as these keys, so the check cannot report a code outside them.
    const missing: string[] = [];
    for (const [code, english] of Object.entries(PROBLEM_WORDS)) {
      for (const language of LANGUAGES) {
        const text = studioText(language, code);
        if (typeof text !== 'string') {
          missing.push(`${language}: studio.${code}`);
          continue;
        }
        const given = placeholders(english);
        for (const name of placeholders(text)) if (!given.has(name)) missing.push(`${language}: studio.${code} reads {{${name}}}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("renders the developer's English sentence from the code and its values", () => {
    const problem = notOneOf('poNumbr', 'definitions.notOneOf.field', ['poNumber', 'status'], { of: 'GET /invoices (the invoices table)' });
    expect(problem).toEqual({
      code: 'definitions.notOneOf.field',
      params: { of: 'GET /invoices (the invoices table)', name: 'poNumbr', suggestion: 'poNumber' },
    });
    expect(problemMessage({ ...problem, params: { ...problem.params, usedBy: 'screens/x.json /body/1' } })).toBe(
      '`poNumbr` is not a field of GET /invoices (the invoices table); did you mean `poNumber`? (used by screens/x.json /body/1)',
    );
    const many = Array.from({ length: 14 }, (_, index) => `field${String.fromCharCode(97 + index)}`);
    expect(problemMessage(notOneOf('zzzzzzzzzz', 'definitions.notOneOf.flag', many))).toMatch(
      /; allowed: `fielda`, .*`fieldl`, … \(14 in all\)$/,
    );
    expect(problemMessage(notOneOf('x', 'definitions.notOneOf.part', []))).toBe('`x` is not a part of screens/parts (there are none)');
  });

  it("words a problem in the operator's language from its code, endings included", () => {
    const problem = notOneOf('poNumbr', 'definitions.notOneOf.field', ['poNumber', 'status'], { of: 'GET /invoices' });
    const studio = { code: `studio.${problem.code}`, params: { ...problem.params, usedBy: 'screens/x.json /body/1' } };
    expect(problemSentence(textsIn('de'), studio)).toBe(
      '`poNumbr` ist kein Feld von GET /invoices; meinten Sie `poNumber`? (verwendet von screens/x.json /body/1)',
    );
    expect(problemSentence(textsIn('fr'), { code: 'studio.definitions.notOneOf.screenId', params: { name: 'nope' } })).toBe(
      '`nope` n’est l’identifiant d’aucun écran',
    );
    expect(problemSentence(textsIn('de'), { code: 'studio.definitions.schema.other', params: { detail: 'must be integer' } })).toBe(
      'Die Definitionsprüfung lehnt dies ab: must be integer',
    );
    // A code outside the definition check (the texts and menus rules) has no endings.
    expect(problemSentence(textsIn('en'), { code: 'studio.menus.unknownScreen', params: { screen: 'nowhere', suggestion: 'x' } })).toBe(
      'No screen of the portal has the id nowhere',
    );
  });
});
