import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, SPECIAL_CHARACTERS, checkPassword, countCharacters, describeRules } from './password-rules.ts';
import type { PasswordRules } from './tenant.ts';

/** Only the rule under test constrains anything. */
const none: PasswordRules = {
  minLength: 0,
  maxLength: 1000,
  minNumeric: 0,
  minUpper: 0,
  minLower: 0,
  minAlpha: 0,
  minSpecial: 0,
  minNonAlpha: 0,
  historySize: 0,
};
const demo: PasswordRules = {
  minLength: 8,
  maxLength: 64,
  minNumeric: 1,
  minUpper: 1,
  minLower: 1,
  minAlpha: 2,
  minSpecial: 1,
  minNonAlpha: 2,
  historySize: 5,
};
const unmet = (password: string, rules: PasswordRules) => checkPassword(password, rules).map((r) => r.rule);

describe('countCharacters', () => {
  it('counts each class', () => {
    expect(countCharacters('Ab1!x ?')).toEqual({ length: 7, numeric: 1, upper: 1, lower: 2, alpha: 3, special: 1, nonAlpha: 4 });
  });

  it('counts by code point and treats accented letters as letters', () => {
    expect(countCharacters('Äé😀')).toMatchObject({ length: 3, alpha: 2, upper: 1, lower: 1, nonAlpha: 1 });
  });

  it('knows exactly !@#$%^& as special characters', () => {
    expect(countCharacters(SPECIAL_CHARACTERS).special).toBe(7);
    expect(countCharacters('*()_+-=[]{};:\'",.<>/?\\|`~ ').special).toBe(0);
    expect(countCharacters('*()_+-').nonAlpha).toBe(6);
  });
});

describe('checkPassword boundaries', () => {
  it('minLength: one below fails, exactly the minimum passes', () => {
    const rules = { ...none, minLength: 8 };
    expect(checkPassword('1234567', rules)).toEqual([{ rule: 'minLength', required: 8, actual: 7 }]);
    expect(unmet('12345678', rules)).toEqual([]);
  });

  it('maxLength: exactly the maximum passes, one above fails', () => {
    const rules = { ...none, maxLength: 10 };
    expect(unmet('a'.repeat(10), rules)).toEqual([]);
    expect(checkPassword('a'.repeat(11), rules)).toEqual([{ rule: 'maxLength', required: 10, actual: 11 }]);
  });

  it('minNumeric', () => {
    const rules = { ...none, minNumeric: 2 };
    expect(unmet('abc1', rules)).toEqual(['minNumeric']);
    expect(unmet('a1b2', rules)).toEqual([]);
  });

  it('minUpper', () => {
    const rules = { ...none, minUpper: 2 };
    expect(unmet('Abc', rules)).toEqual(['minUpper']);
    expect(unmet('ABc', rules)).toEqual([]);
    expect(unmet('ÄÖ', rules)).toEqual([]);
  });

  it('minLower', () => {
    const rules = { ...none, minLower: 2 };
    expect(unmet('ABc', rules)).toEqual(['minLower']);
    expect(unmet('Abc', rules)).toEqual([]);
  });

  it('minAlpha counts letters of either case', () => {
    const rules = { ...none, minAlpha: 3 };
    expect(unmet('aB1!', rules)).toEqual(['minAlpha']);
    expect(unmet('aBc', rules)).toEqual([]);
  });

  it('minSpecial counts only !@#$%^&', () => {
    const rules = { ...none, minSpecial: 2 };
    expect(unmet('a!*?', rules)).toEqual(['minSpecial']);
    expect(unmet('a!&', rules)).toEqual([]);
    for (const character of SPECIAL_CHARACTERS) expect(unmet(`${character}${character}`, rules)).toEqual([]);
  });

  it('minNonAlpha counts digits, specials and any other non-letter', () => {
    const rules = { ...none, minNonAlpha: 3 };
    expect(unmet('ab1!', rules)).toEqual(['minNonAlpha']);
    expect(unmet('ab1!*', rules)).toEqual([]);
    expect(unmet('ab  -', rules)).toEqual([]);
  });

  it('a minimum of zero never fails', () => {
    expect(unmet('', none)).toEqual([]);
  });

  it('lists every unmet rule in a stable order', () => {
    expect(unmet('', demo)).toEqual(['minLength', 'minNumeric', 'minUpper', 'minLower', 'minAlpha', 'minSpecial', 'minNonAlpha']);
    expect(unmet('password', demo)).toEqual(['minNumeric', 'minUpper', 'minSpecial', 'minNonAlpha']);
  });

  it('accepts the demo password under the demo rules', () => {
    expect(unmet('Portal#2026', demo)).toEqual([]);
  });
});

describe('describeRules', () => {
  it('describes every constraining rule with its i18n key and count', () => {
    expect(describeRules(demo)).toEqual([
      { rule: 'minLength', key: 'auth.passwordRules.minLength', values: { count: 8 } },
      { rule: 'maxLength', key: 'auth.passwordRules.maxLength', values: { count: 64 } },
      { rule: 'minNumeric', key: 'auth.passwordRules.minNumeric', values: { count: 1 } },
      { rule: 'minUpper', key: 'auth.passwordRules.minUpper', values: { count: 1 } },
      { rule: 'minLower', key: 'auth.passwordRules.minLower', values: { count: 1 } },
      { rule: 'minAlpha', key: 'auth.passwordRules.minAlpha', values: { count: 2 } },
      { rule: 'minSpecial', key: 'auth.passwordRules.minSpecial', values: { count: 1, characters: '!@#$%^&' } },
      { rule: 'minNonAlpha', key: 'auth.passwordRules.minNonAlpha', values: { count: 2 } },
    ]);
  });

  it('leaves out minimums of zero', () => {
    expect(describeRules({ ...none, minLength: 4 }).map((d) => d.rule)).toEqual(['minLength', 'maxLength']);
  });

  it('covers every rule name', () => {
    expect(PASSWORD_RULES).toHaveLength(8);
  });
});
