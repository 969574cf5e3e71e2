import { describe, expect, it } from 'vitest';
import studioTexts from '../../locales/en/studio.json' with { type: 'json' };
import policy from '../../permissions/policy.json' with { type: 'json' };

describe("the studio's words for the policy", () => {
  // describe.ts falls back to a rule set's own name, so a new rule set without a label would
  // show the operator "loses applications" instead of its name in their language.
  it('names every rule set of the policy', () => {
    const named = Object.keys(studioTexts.ruleSets);
    expect(Object.keys(policy.ruleSets).filter((ruleSet) => !named.includes(ruleSet))).toEqual([]);
  });
});
