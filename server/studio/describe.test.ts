import { describe, expect, it } from 'vitest';
import studioTexts from '../../locales/en/studio.json' with { type: 'json' };
import policy from '../../permissions/policy.json' with { type: 'json' };
import { describeChange } from './describe.ts';

describe("the studio's words for the policy", () => {
  // describe.ts falls back to a rule set's own name, so a new rule set without a label would
  // show the operator "loses applications" instead of its name in their language.
  it('names every rule set of the policy', () => {
    const named = Object.keys(studioTexts.ruleSets);
    expect(Object.keys(policy.ruleSets).filter((ruleSet) => !named.includes(ruleSet))).toEqual([]);
  });
});

describe("the studio's words for a setting", () => {
  it('names a setting, and a whole group of settings, by its label in the language', () => {
    const fee = describeChange('de', { kind: 'setting', pointer: '/limits/cardFeeMinor', before: { money: 295 }, after: { money: 350 } });
    expect(fee).toMatch(/^Kartengebühr: /);
    const lock = describeChange('de', { kind: 'setting', pointer: '/limits/loginLock', before: { absent: true }, after: { text: '{}' } });
    expect(lock).toMatch(/^Anmeldepause: /);
    const provider = describeChange('en', { kind: 'setting', pointer: '/identityProviders', before: { list: [] }, after: { list: ['{}'] } });
    expect(provider).toMatch(/^Identity providers \(SSO\): /);
  });
});
