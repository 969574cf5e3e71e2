import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  bankAccountKind,
  bankAccountProblems,
  bankAccountRecord,
  currentAutopayAccount,
  isAbaRoutingNumber,
  isCfiBankNumber,
  isCfiBranchNumber,
  maskAccountNumber,
  paymentTypesProblem,
  routingNumberProblem,
  stopsOnlinePayment,
} from './bank-accounts.ts';
import { ErrorCode } from './error-codes.ts';

const us = {
  bank_country: 'US',
  bank_name: 'First Bank',
  account_number: '123456789',
  routing_number: '021000021',
  account_type: 'checking',
  online_payment: true,
};
const cfi = {
  bank_country: 'CA',
  account_name: 'Maple Freight',
  bank_number: '0004',
  branch_number: '12345',
  account_number: '5012345',
  autopay: true,
};

describe('ABA routing number', () => {
  it('accepts real routing numbers (3-7-1 weighted sum divisible by 10)', () => {
    for (const number of ['021000021', '026009593', '011000015', '121000358']) expect(isAbaRoutingNumber(number)).toBe(true);
  });
  it('refuses a wrong check digit and anything but 9 digits', () => {
    expect(isAbaRoutingNumber('021000022')).toBe(false);
    expect(isAbaRoutingNumber('02100002')).toBe(false);
    expect(isAbaRoutingNumber('0210000210')).toBe(false);
    expect(isAbaRoutingNumber('02100002a')).toBe(false);
  });
  it('says "exactly 9 digits" before it says "check digit"', () => {
    expect(routingNumberProblem('12345')).toBe(ErrorCode.routingNumberDigits);
    expect(routingNumberProblem('12345678a')).toBe(ErrorCode.routingNumberDigits);
    expect(routingNumberProblem('123456789')).toBe(ErrorCode.routingNumberCheckDigit);
    expect(routingNumberProblem('021000021')).toBeUndefined();
  });
});

describe('CFI numbers', () => {
  it('bank number: exactly 4 digits starting with 0', () => {
    expect(isCfiBankNumber('0004')).toBe(true);
    expect(isCfiBankNumber('1004')).toBe(false);
    expect(isCfiBankNumber('004')).toBe(false);
    expect(isCfiBankNumber('00045')).toBe(false);
  });
  it('branch number: exactly 5 digits', () => {
    expect(isCfiBranchNumber('12345')).toBe(true);
    expect(isCfiBranchNumber('1234')).toBe(false);
    expect(isCfiBranchNumber('123456')).toBe(false);
    expect(isCfiBranchNumber('1234a')).toBe(false);
  });
});

describe('bankAccountProblems', () => {
  it('finds nothing wrong with a valid US or CFI account', () => {
    expect(bankAccountProblems(us)).toEqual([]);
    expect(bankAccountProblems(cfi)).toEqual([]);
  });
  it('Canada uses the CFI fields, every other country the US ones', () => {
    expect(bankAccountKind('CA')).toBe('cfi');
    expect(bankAccountKind('US')).toBe('us');
    expect(bankAccountKind('DE')).toBe('us');
  });
  it('names every missing required field of the variant (spec §5 "{field} is required")', () => {
    expect(bankAccountProblems({ bank_country: 'US', online_payment: true }).map((problem) => problem.field)).toEqual([
      'bank_name',
      'account_number',
      'routing_number',
      'account_type',
    ]);
    expect(bankAccountProblems({ bank_country: 'CA', autopay: true, bank_name: '  ' }).map((problem) => problem.field)).toEqual([
      'account_name',
      'bank_number',
      'branch_number',
      'account_number',
    ]);
    expect(bankAccountProblems({ online_payment: true })[0]).toEqual({
      field: 'bank_country',
      code: ErrorCode.fieldRequired,
      values: { field: 'bank_country' },
    });
  });
  it('refuses wrong numbers with their own messages', () => {
    expect(bankAccountProblems({ ...us, routing_number: '12345678' })).toEqual([
      { field: 'routing_number', code: ErrorCode.routingNumberDigits },
    ]);
    expect(bankAccountProblems({ ...us, routing_number: '021000022' })).toEqual([
      { field: 'routing_number', code: ErrorCode.routingNumberCheckDigit },
    ]);
    expect(bankAccountProblems({ ...cfi, bank_number: '1234', branch_number: '123' })).toEqual([
      { field: 'bank_number', code: ErrorCode.bankNumberInvalid },
      { field: 'branch_number', code: ErrorCode.branchNumberInvalid },
    ]);
  });
  it('bounds account numbers per variant: US 4-17 digits, CFI 7-12', () => {
    expect(bankAccountProblems({ ...us, account_number: '1234' })).toEqual([]);
    expect(bankAccountProblems({ ...us, account_number: '12345678901234567' })).toEqual([]);
    expect(bankAccountProblems({ ...us, account_number: '123' })).toEqual([
      { field: 'account_number', code: ErrorCode.accountNumberInvalid, values: { min: 4, max: 17 } },
    ]);
    expect(bankAccountProblems({ ...us, account_number: '12-345' })[0]?.code).toBe(ErrorCode.accountNumberInvalid);
    expect(bankAccountProblems({ ...cfi, account_number: '123456' })).toEqual([
      { field: 'account_number', code: ErrorCode.accountNumberInvalid, values: { min: 7, max: 12 } },
    ]);
    expect(bankAccountProblems({ ...cfi, account_number: '1234567890123' })[0]?.code).toBe(ErrorCode.accountNumberInvalid);
  });
  it("ignores the other variant's fields", () => {
    expect(bankAccountProblems({ ...cfi, routing_number: 'x', account_type: 'nonsense' })).toEqual([]);
    expect(bankAccountProblems({ ...us, bank_number: 'x' })).toEqual([]);
  });
  it('refuses an unknown account type and overlong names', () => {
    expect(bankAccountProblems({ ...us, account_type: 'loan' })).toEqual([{ field: 'account_type', code: ErrorCode.validationEnum }]);
    expect(bankAccountProblems({ ...us, bank_name: 'x'.repeat(101) })[0]?.code).toBe(ErrorCode.validationMaxLength);
  });
});

describe('payment types (spec §4: at least one, at most both)', () => {
  it('needs AutoPay or online payment', () => {
    expect(paymentTypesProblem({})).toEqual({ field: 'online_payment', code: ErrorCode.paymentTypeRequired });
    expect(paymentTypesProblem({ autopay: false, online_payment: false })?.code).toBe(ErrorCode.paymentTypeRequired);
    expect(paymentTypesProblem({ autopay: true })).toBeUndefined();
    expect(paymentTypesProblem({ online_payment: true })).toBeUndefined();
    expect(paymentTypesProblem({ autopay: true, online_payment: true })).toBeUndefined();
    expect(bankAccountProblems({ ...us, online_payment: false }).map((problem) => problem.code)).toEqual([ErrorCode.paymentTypeRequired]);
  });
});

describe('bankAccountRecord', () => {
  it("keeps the variant's fields trimmed and nulls the rest", () => {
    expect(bankAccountRecord({ ...cfi, routing_number: '021000021', account_type: 'checking', account_name: ' Maple ' })).toEqual({
      kind: 'cfi',
      bank_country: 'CA',
      bank_name: null,
      account_name: 'Maple',
      account_number: '5012345',
      routing_number: null,
      bank_number: '0004',
      branch_number: '12345',
      account_type: null,
      autopay: true,
      online_payment: false,
    });
    expect(bankAccountRecord(us)).toMatchObject({
      kind: 'us',
      routing_number: '021000021',
      account_type: 'checking',
      bank_number: null,
      autopay: false,
      online_payment: true,
    });
  });
});

describe('masking', () => {
  it('shows only the last four digits', () => {
    expect(maskAccountNumber('000123456789')).toBe('••••6789');
    expect(maskAccountNumber('5012345')).toBe('••••2345');
  });
});

describe('AutoPay and the last online method', () => {
  const accounts = [
    { id: 1, autopay: true, online_payment: false },
    { id: 2, autopay: false, online_payment: true },
    { id: 3, autopay: false, online_payment: true },
  ];
  it('finds the current AutoPay account other than the one being changed', () => {
    expect(currentAutopayAccount(accounts)?.id).toBe(1);
    expect(currentAutopayAccount(accounts, 2)?.id).toBe(1);
    expect(currentAutopayAccount(accounts, '1')).toBeUndefined();
  });
  it('warns only when the last online-payment account goes', () => {
    expect(stopsOnlinePayment(accounts, 2)).toBe(false);
    expect(stopsOnlinePayment(accounts, 1)).toBe(false);
    expect(stopsOnlinePayment(accounts.slice(0, 2), 2)).toBe(true);
    expect(stopsOnlinePayment(accounts.slice(0, 2), '2')).toBe(true);
    expect(stopsOnlinePayment([], 9)).toBe(false);
  });
});

describe('accountLabel (issue 13: the AutoPay conflict names more than the last four digits)', () => {
  it('names the bank, the account name and the masked number, leaving out what is missing or repeated', () => {
    expect(accountLabel({ bank_name: 'JPMorgan Chase Bank', account_name: 'Operating', account_number: '000123456789' })).toBe(
      'JPMorgan Chase Bank · Operating ••••6789',
    );
    expect(accountLabel({ bank_name: null, account_name: 'Maple Freight', account_number: '5012345' })).toBe('Maple Freight ••••2345');
    expect(accountLabel({ bank_name: 'First Bank', account_name: ' First Bank ', account_number: '123456789' })).toBe(
      'First Bank ••••6789',
    );
    expect(accountLabel({ bank_name: '', account_name: null, account_number: '123456789' })).toBe('••••6789');
  });
});
