import { describe, expect, it } from 'vitest';
import studioTexts from '../../locales/en/studio.json' with { type: 'json' };
import policy from '../../permissions/policy.json' with { type: 'json' };
import { roleKeyName } from '../../domain/role-text-keys.ts';
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
    const provider = describeChange('en', {
      kind: 'setting',
      pointer: '/identityProviders',
      before: { list: [] },
      after: { list: ['{}'] },
    });
    expect(provider).toMatch(/^Identity providers \(SSO\): /);
  });
});

describe("the studio's words for a column hidden for roles (issue 24)", () => {
  const change = (kind: 'columnHiddenFor' | 'columnShownFor', roles: string[]) =>
    ({
      kind: 'screen',
      screen: 'invoice-list',
      title: 'common.screens.invoiceList',
      change: { kind, table: 'invoices.list.caption', column: 'invoices.fields.poNumber', roles },
    }) as const;

  it('says which users no longer see the column, in the words of the role and the language', () => {
    expect(describeChange('en', change('columnHiddenFor', ['payer']))).toBe('Invoices: column PO number hidden for payers');
    expect(describeChange('en', change('columnHiddenFor', ['payer', 'card viewer']))).toBe(
      'Invoices: column PO number hidden for payers, card viewers',
    );
    expect(describeChange('de', change('columnHiddenFor', ['payer']))).toBe('Rechnungen: Spalte Bestellnummer für Zahler ausgeblendet');
    expect(describeChange('en', change('columnShownFor', ['safety manager']))).toBe(
      'Invoices: column PO number shown again for safety managers',
    );
  });

  it('names every role of the policy in the sentence', () => {
    const named = Object.keys(studioTexts.diff.forRoles);
    const roles = [...new Set(Object.values(policy.grants).flatMap((granted) => Object.keys(granted)))];
    expect(roles.map(roleKeyName).filter((key) => !named.includes(key))).toEqual([]);
  });
});
