import { describe, expect, it } from 'vitest';
import { checkSelection, leftOutNotices } from './selection-rule.ts';

const billed = { trxId: 'T-1', payable: true, eligibleForDispute: 'Y' };
const paid = { trxId: 'T-2', payable: false, eligibleForDispute: 'N' };
const pay = { message: 'errors.payments.noPayableSelection', where: { payable: true } };
const chargeback = {
  message: 'invoices.selection.required',
  where: { eligibleForDispute: 'Y' },
  ineligible: 'errors.disputes.notEligibleForChargeback',
};

describe('selection rules of table actions (spec §5)', () => {
  it('without a rule, runs with whatever is selected', () => {
    expect(checkSelection(undefined, [])).toEqual({ ok: true, records: [], leftOut: 0 });
  });
  it('needs at least one selected row', () => {
    expect(checkSelection(pay, [])).toEqual({ ok: false, message: 'errors.payments.noPayableSelection' });
    expect(checkSelection(chargeback, [])).toEqual({ ok: false, message: 'invoices.selection.required' });
  });
  it('refuses a selection with no eligible row, with the ineligible text when there is one', () => {
    expect(checkSelection(pay, [paid])).toEqual({ ok: false, message: 'errors.payments.noPayableSelection' });
    expect(checkSelection(chargeback, [paid])).toEqual({ ok: false, message: 'errors.disputes.notEligibleForChargeback' });
  });
  it('keeps the eligible rows and counts those left out', () => {
    expect(checkSelection(pay, [billed, paid])).toEqual({ ok: true, records: [billed], leftOut: 1 });
  });
});

describe('left-out notices (issue 13: "2 of 5 selected invoices cannot be disputed")', () => {
  const dispute = { ...chargeback, ineligible: 'invoices.selection.noneDisputable', leftOut: 'invoices.selection.cannotDispute' };
  it('counts the selected rows a rule would leave out, once per text', () => {
    expect(leftOutNotices([dispute, { ...dispute }, pay], [billed, paid, paid])).toEqual([
      { text: 'invoices.selection.cannotDispute', count: 2, total: 3 },
    ]);
  });
  it('says nothing when every selected row qualifies, nothing is selected, or the rule has no text', () => {
    expect(leftOutNotices([dispute], [billed])).toEqual([]);
    expect(leftOutNotices([dispute], [])).toEqual([]);
    expect(leftOutNotices([pay, undefined], [paid])).toEqual([]);
  });
});
