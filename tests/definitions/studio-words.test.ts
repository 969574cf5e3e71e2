import { describe, expect, it } from 'vitest';
import { notOneOf } from '../../scripts/definitions/problems.ts';
import { problemText, problemWords } from '../../server/studio/definition-words.ts';

describe("the definition check's problems in the operator's language", () => {
  it('reads a "not one of" sentence back into its rule, name, suggestion and where a part is used', () => {
    const message = `${notOneOf('poNumbr', 'a field of GET /invoices (the invoices table)', ['poNumber', 'status'])} (used by screens/x.json /body/1)`;
    const words = problemWords(message);
    expect(words).toEqual({
      code: 'notOneOf.field',
      values: { name: 'poNumbr', of: 'GET /invoices (the invoices table)', suggestion: 'poNumber', usedBy: 'screens/x.json /body/1' },
    });
    expect(problemText('en', words)).toBe(
      '`poNumbr` is not a field of GET /invoices (the invoices table); did you mean `poNumber`? (used by screens/x.json /body/1)',
    );
    expect(problemText('de', words)).toBe(
      '`poNumbr` ist kein Feld von GET /invoices (the invoices table); meinten Sie `poNumber`? (verwendet von screens/x.json /body/1)',
    );
  });

  it('knows the guard, flag and property words, and the fixed sentences', () => {
    expect(problemWords(notOneOf('no_such_flag_enabled', 'a flag any tenant defines or the policy gates on', ['a', 'b'])).code).toBe(
      'notOneOf.flag',
    );
    expect(problemWords(notOneOf('x', 'a property of the table widget', ['columns'])).values).toMatchObject({ of: 'table' });
    expect(problemWords('`/nowhere` opens no screen; did you mean `/now`?')).toEqual({
      code: 'opensNoScreen',
      values: { path: '/nowhere', suggestion: '/now' },
    });
    expect(problemWords('`trxId` is a key column: it may not be hidden by default (make it "optional" instead)')).toEqual({
      code: 'keyColumnHidden',
      values: { field: 'trxId' },
    });
    expect(problemWords('every key column has a `when`: some users would see no key column; leave one of `invoiceId`, `amount` to everyone')).toEqual({
      code: 'keyColumnsConditional',
      values: { fields: '`invoiceId`, `amount`' },
    });
    expect(problemWords(notOneOf('payers', 'a role of permissions/policy.json', ['payer', 'admin']))).toEqual({
      code: 'notOneOf.role',
      values: { name: 'payers', suggestion: 'payer' },
    });
    expect(problemText('fr', problemWords("`nope` is no screen's id"))).toBe('`nope` n’est l’identifiant d’aucun écran');
  });

  it('keeps a sentence it does not know, under its own words', () => {
    const words = problemWords('must be integer');
    expect(words).toEqual({ code: 'other', values: { detail: 'must be integer' } });
    expect(problemText('de', words)).toBe('Die Definitionsprüfung lehnt dies ab: must be integer');
  });
});
