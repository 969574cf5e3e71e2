import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import {
  cardFeeMinor,
  enabledMethods,
  MAX_INVOICES_PER_PAYMENT,
  paymentProblems,
  plainAmount,
  totalsByCurrency,
  type PaymentLine,
  type PaymentRequest,
  type PaymentRuleContext,
} from './payments.ts';

const ALL_ON = { card_payment_enabled: true, bank_payment_enabled: true, mail_payment_enabled: true };
const context: PaymentRuleContext = {
  flags: ALL_ON,
  limits: { cardFeeMinor: 295, minCardPaymentMinor: 1000, maxInvoicesPerCardPayment: 25, cardCurrencies: ['USD', 'CAD', 'EUR'] },
  customers: {
    'C-1': { paymentEligible: true },
    'C-2': { paymentEligible: true },
    'C-7': { paymentEligible: false, paymentWebText: 'Payments are on hold while your credit review is completed.' },
  },
};

let next = 0;
function line(amountMinor: number, overrides: Partial<PaymentLine> = {}): PaymentLine {
  next += 1;
  return { trxId: `T-${next}`, customer: 'C-1', currency: 'USD', amountMinor, status: 'Billed', ...overrides };
}
const lines = (count: number, amountMinor = 1000) => Array.from({ length: count }, () => line(amountMinor));

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return { mode: 'INDIVIDUAL_ACCOUNT', method: 'bank', lines: [line(5000)], selectedCustomer: 'C-1', termsAccepted: true, ...overrides };
}
const codes = (req: PaymentRequest, ctx: PaymentRuleContext = context) => paymentProblems(req, ctx).map((problem) => problem.code);

describe('a payable request', () => {
  it('has no problems by bank, card or mail', () => {
    expect(codes(request())).toEqual([]);
    expect(codes(request({ method: 'card' }))).toEqual([]);
    expect(codes(request({ method: 'mail' }))).toEqual([]);
  });
});

describe('selection', () => {
  it('needs at least one invoice or customer', () => {
    expect(codes(request({ lines: [] }))).toEqual([ErrorCode.noPayableSelection]);
  });

  it('needs a selected customer in individual-account mode (terms and customer are spec §5 "required")', () => {
    expect(codes(request({ selectedCustomer: null }))[0]).toBe(ErrorCode.customerNotSelected);
    expect(codes(request({ selectedCustomer: undefined, lines: [] }))).toEqual([
      ErrorCode.customerNotSelected,
      ErrorCode.noPayableSelection,
    ]);
  });

  it('takes at most MAX_INVOICES_PER_PAYMENT invoices, by any method', () => {
    expect(codes(request({ lines: lines(MAX_INVOICES_PER_PAYMENT) }))).toEqual([]);
    expect(paymentProblems(request({ lines: lines(MAX_INVOICES_PER_PAYMENT + 1) }), context)).toEqual([
      { code: ErrorCode.tooManyInvoices, meta: { maximum: MAX_INVOICES_PER_PAYMENT } },
    ]);
  });

  it('needs no selected customer in program-overview mode', () => {
    expect(codes(request({ mode: 'PROGRAM_OVERVIEW', selectedCustomer: null }))).toEqual([]);
  });

  it('pays only Billed or Past Due invoices', () => {
    expect(codes(request({ lines: [line(5000, { status: 'Past Due' })] }))).toEqual([]);
    for (const status of ['Pending', 'Payment Pending', 'Paid', 'Unbilled', 'Disputed', 'On hold', 'Adjusted', 'Terminated']) {
      const problems = paymentProblems(request({ lines: [line(5000, { status, trxId: 'T-X' })] }), context);
      expect(problems, status).toEqual([{ code: ErrorCode.invoiceNotPayable, meta: { trxId: 'T-X' } }]);
    }
  });

  it('keeps individual-account mode to the selected customer', () => {
    expect(codes(request({ lines: [line(5000, { customer: 'C-2' })] }))).toContain(ErrorCode.oneAccountAtATime);
  });
});

describe('amount', () => {
  it('refuses zero or negative amounts, per invoice and in total', () => {
    expect(codes(request({ lines: [line(0)] }))).toEqual([ErrorCode.nonPositiveAmount]);
    expect(codes(request({ lines: [line(-1)] }))).toEqual([ErrorCode.nonPositiveAmount]);
    expect(codes(request({ lines: [line(1)] }))).toEqual([]);
    expect(codes(request({ lines: [line(500), line(-500)] }))).toEqual([ErrorCode.nonPositiveAmount]);
  });
});

describe('card rules', () => {
  const card = (overrides: Partial<PaymentRequest>) => request({ method: 'card', ...overrides });

  it('accepts exactly the minimum and refuses one minor unit less, naming the minimum', () => {
    expect(codes(card({ lines: [line(1000)] }))).toEqual([]);
    expect(paymentProblems(card({ lines: [line(999)] }), context)).toEqual([
      { code: ErrorCode.cardBelowMinimum, meta: { minimum: '10.00 USD' } },
    ]);
    // The minimum applies to the payment's total, not to each invoice.
    expect(codes(card({ lines: [line(400), line(600)] }))).toEqual([]);
  });

  it('accepts exactly the maximum number of invoices and refuses one more', () => {
    expect(codes(card({ lines: lines(25) }))).toEqual([]);
    expect(paymentProblems(card({ lines: lines(26) }), context)).toEqual([{ code: ErrorCode.cardTooManyInvoices, meta: { maximum: 25 } }]);
  });

  it('needs one supported currency', () => {
    expect(codes(card({ lines: [line(5000), line(5000, { currency: 'CAD' })] }))).toEqual([ErrorCode.cardCurrencyMismatch]);
    expect(codes(card({ lines: [line(5000, { currency: 'GBP' })] }))).toEqual([ErrorCode.cardCurrencyMismatch]);
    expect(codes(card({ lines: [line(5000, { currency: 'EUR' })] }))).toEqual([]);
  });

  it('pays several accounts in program-overview mode', () => {
    expect(codes(card({ mode: 'PROGRAM_OVERVIEW', selectedCustomer: null, lines: [line(5000), line(5000, { customer: 'C-2' })] }))).toEqual(
      [],
    );
  });
});

describe('bank and mail rules', () => {
  const several = [line(5000), line(5000, { customer: 'C-2' })];

  it('pays one account at a time by bank: several accounts only by card', () => {
    expect(codes(request({ mode: 'PROGRAM_OVERVIEW', selectedCustomer: null, lines: several }))).toEqual([
      ErrorCode.multipleAccountsCardOnly,
    ]);
  });

  it('pays one account at a time by mail', () => {
    expect(codes(request({ method: 'mail', mode: 'PROGRAM_OVERVIEW', selectedCustomer: null, lines: several }))).toEqual([
      ErrorCode.oneAccountAtATime,
    ]);
  });

  it('pays one currency per bank payment', () => {
    expect(codes(request({ lines: [line(5000), line(5000, { currency: 'CAD' })] }))).toEqual([ErrorCode.oneCurrencyPerPayment]);
  });

  it('has no card limits by bank', () => {
    expect(codes(request({ lines: [line(1)] }))).toEqual([]);
    expect(codes(request({ lines: lines(26) }))).toEqual([]);
    expect(codes(request({ lines: [line(5000, { currency: 'GBP' })] }))).toEqual([]);
  });
});

describe('eligibility, methods and terms', () => {
  it('refuses a customer that is not payment eligible, with its paymentWebText', () => {
    expect(paymentProblems(request({ selectedCustomer: 'C-7', lines: [line(5000, { customer: 'C-7' })] }), context)).toEqual([
      {
        code: ErrorCode.customerNotPaymentEligible,
        meta: { customer: 'C-7', reason: 'Payments are on hold while your credit review is completed.' },
      },
    ]);
  });

  it('refuses an unknown customer as not eligible', () => {
    expect(codes(request({ mode: 'PROGRAM_OVERVIEW', lines: [line(5000, { customer: 'C-9' })] }))).toEqual([
      ErrorCode.customerNotPaymentEligible,
    ]);
  });

  it('refuses a method whose flag is off or missing', () => {
    for (const method of ['bank', 'card', 'mail'] as const) {
      const flags = { ...ALL_ON, [`${method}_payment_enabled`]: false };
      expect(codes(request({ method }), { ...context, flags }), method).toEqual([ErrorCode.methodDisabled]);
    }
    expect(codes(request(), { ...context, flags: {} })).toEqual([ErrorCode.methodDisabled]);
  });

  it('takes an explicit false disabled twin as enabled (spec §5)', () => {
    expect(codes(request(), { ...context, flags: { bank_payment_disabled: false } })).toEqual([]);
    expect(codes(request(), { ...context, flags: { bank_payment_disabled: true } })).toEqual([ErrorCode.methodDisabled]);
    expect(enabledMethods({ card_payment_disabled: false, bank_payment_enabled: true })).toEqual(['bank', 'card']);
  });

  it('needs the terms accepted', () => {
    expect(codes(request({ termsAccepted: false }))).toEqual([ErrorCode.termsNotAccepted]);
  });

  it('lists the most fundamental problem first', () => {
    expect(
      codes(request({ selectedCustomer: null, method: 'card', termsAccepted: false, lines: [line(5, { status: 'Paid' })] }), {
        ...context,
        flags: {},
      }),
    ).toEqual([
      ErrorCode.customerNotSelected,
      ErrorCode.methodDisabled,
      ErrorCode.invoiceNotPayable,
      ErrorCode.cardBelowMinimum,
      ErrorCode.termsNotAccepted,
    ]);
  });
});

describe('figures', () => {
  it('totals per currency in order of appearance', () => {
    expect(totalsByCurrency([line(100), line(50, { currency: 'CAD' }), line(25)])).toEqual([
      { currency: 'USD', amountMinor: 125 },
      { currency: 'CAD', amountMinor: 50 },
    ]);
  });

  it('charges the card fee only by card', () => {
    expect(cardFeeMinor('card', context.limits)).toBe(295);
    expect(cardFeeMinor('bank', context.limits)).toBe(0);
    expect(cardFeeMinor('mail', context.limits)).toBe(0);
  });

  it('writes plain amounts for server messages', () => {
    expect(plainAmount(1000, 'USD')).toBe('10.00 USD');
    expect(plainAmount(5, 'EUR')).toBe('0.05 EUR');
    expect(plainAmount(-1234, 'CAD')).toBe('-12.34 CAD');
  });
});
