import type { PasswordRules } from './tenant.ts';

/**
 * spec §5: password rules (min and max length, min numeric, upper, lower, alpha, special and
 * non-alpha counts). The same checks run in the browser (live checklist, form validation) and in
 * the server (enforcement on reset), with the tenant's `limits.password`.
 */
export const PASSWORD_RULES = [
  'minLength',
  'maxLength',
  'minNumeric',
  'minUpper',
  'minLower',
  'minAlpha',
  'minSpecial',
  'minNonAlpha',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** spec §5: the special characters are exactly these. */
export const SPECIAL_CHARACTERS = '!@#$%^&';

export interface UnmetRule {
  rule: PasswordRule;
  required: number;
  actual: number;
}

export interface PasswordCounts {
  length: number;
  numeric: number;
  upper: number;
  lower: number;
  alpha: number;
  special: number;
  nonAlpha: number;
}

/**
 * Counts by code point, so "é" or an emoji is one character (as ajv's maxLength counts).
 * Letters are Unicode letters: the portal runs in 15 languages and "Ä" is an upper-case letter.
 */
export function countCharacters(password: string): PasswordCounts {
  const counts: PasswordCounts = { length: 0, numeric: 0, upper: 0, lower: 0, alpha: 0, special: 0, nonAlpha: 0 };
  for (const character of password) {
    counts.length++;
    if (/\p{L}/u.test(character)) {
      counts.alpha++;
      if (/\p{Lu}/u.test(character)) counts.upper++;
      else if (/\p{Ll}/u.test(character)) counts.lower++;
    } else {
      counts.nonAlpha++;
      if (/[0-9]/.test(character)) counts.numeric++;
      if (SPECIAL_CHARACTERS.includes(character)) counts.special++;
    }
  }
  return counts;
}

const ACTUAL: Record<PasswordRule, (counts: PasswordCounts) => number> = {
  minLength: (c) => c.length,
  maxLength: (c) => c.length,
  minNumeric: (c) => c.numeric,
  minUpper: (c) => c.upper,
  minLower: (c) => c.lower,
  minAlpha: (c) => c.alpha,
  minSpecial: (c) => c.special,
  minNonAlpha: (c) => c.nonAlpha,
};

function isMet(rule: PasswordRule, required: number, actual: number): boolean {
  return rule === 'maxLength' ? actual <= required : actual >= required;
}

/**
 * The rules the password does not meet, in PASSWORD_RULES order; empty when it is acceptable.
 * checkPassword('abc', rules) → [{ rule: 'minLength', required: 8, actual: 3 }, …]
 */
export function checkPassword(password: string, rules: PasswordRules): UnmetRule[] {
  const counts = countCharacters(password);
  return PASSWORD_RULES.flatMap((rule) => {
    const required = rules[rule];
    const actual = ACTUAL[rule](counts);
    return isMet(rule, required, actual) ? [] : [{ rule, required, actual }];
  });
}

export interface RuleDescription {
  rule: PasswordRule;
  key: string;
  values: { count: number; characters?: string };
}

/**
 * What to show on the reset screen: one line per rule that constrains anything (a minimum of 0
 * is no rule). Keys live in the `auth` namespace: auth.passwordRules.<rule>.
 */
export function describeRules(rules: PasswordRules): RuleDescription[] {
  return PASSWORD_RULES.filter((rule) => rule === 'maxLength' || rules[rule] > 0).map((rule) => ({
    rule,
    key: `auth.passwordRules.${rule}`,
    values: rule === 'minSpecial' ? { count: rules[rule], characters: SPECIAL_CHARACTERS } : { count: rules[rule] },
  }));
}
