/**
 * Payment rules of spec §5 with their messages of §8, once for both sides: the server refuses
 * with the first problem, the payment flow shows every problem as the user chooses.
 */
import { ErrorCode } from './error-codes.ts';
import { flagOn, type FeatureFlags } from './flags.ts';
import { isPayable } from './invoice-status.ts';
import type { TenantLimits } from './tenant.ts';

export type PaymentMethodKind = 'bank' | 'card' | 'mail';
export type PaymentMode = 'INDIVIDUAL_ACCOUNT' | 'PROGRAM_OVERVIEW';

export const PAYMENT_METHODS: readonly PaymentMethodKind[] = ['bank', 'card', 'mail'];

/** Invoices one payment may settle (our limit; the spec sets one for cards only): it keeps a payment's transaction and receipt reasonable. */
export const MAX_INVOICES_PER_PAYMENT = 500;

/** The tenant flag that switches each method on (spec §5: each method must be enabled). */
export const METHOD_FLAG: Record<PaymentMethodKind, string> = {
  bank: 'bank_payment_enabled',
  card: 'card_payment_enabled',
  mail: 'mail_payment_enabled',
};

/**
 * spec §4 payment timing: bank payments appear in 1 to 2 business days, card status updates in
 * 1 to 3. A payment stays pending for the longer bound, then settles.
 */
export const SETTLEMENT_BUSINESS_DAYS: Record<'bank' | 'card', number> = { bank: 2, card: 3 };

/** One invoice in a payment: what it costs and whose it is. */
export interface PaymentLine {
  trxId: string;
  customer: string;
  currency: string;
  /** The open amount to pay, minor units. */
  amountMinor: number;
  status: string;
}

/**
 * The body of POST /payments (the payments API contract): exactly one of `invoices` (trx ids)
 * or `customers` (program mode: every payable invoice of each, in its own currency); a bank
 * payment names the paying customer's online-payment account, a card payment the provider's token.
 */
export interface PaymentBody {
  mode: PaymentMode;
  method: 'bank' | 'card';
  invoices?: string[];
  customers?: string[];
  bank_account_id?: string;
  card_token?: string;
  terms_accepted: boolean;
}

export interface PayingCustomer {
  paymentEligible: boolean;
  /** Why the customer may not pay online (spec §3 paymentWebText), shown with the refusal. */
  paymentWebText?: string | null;
}

export type PaymentLimits = Pick<TenantLimits, 'cardFeeMinor' | 'minCardPaymentMinor' | 'maxInvoicesPerCardPayment' | 'cardCurrencies'>;

export interface PaymentRequest {
  mode: PaymentMode;
  method: PaymentMethodKind;
  lines: readonly PaymentLine[];
  /** Individual-account mode pays for the selected customer only. */
  selectedCustomer?: string | null;
  termsAccepted: boolean;
}

export interface PaymentRuleContext {
  flags: FeatureFlags;
  limits: PaymentLimits;
  customers: Readonly<Record<string, PayingCustomer | undefined>>;
}

export interface PaymentProblem {
  code: string;
  /** Values for the message's placeholders. */
  meta?: Record<string, string | number>;
}

export interface CurrencyTotal {
  currency: string;
  amountMinor: number;
}

/** Totals per currency, in the order the currencies first appear. */
export function totalsByCurrency(lines: readonly Pick<PaymentLine, 'currency' | 'amountMinor'>[]): CurrencyTotal[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amountMinor);
  return [...totals].map(([currency, amountMinor]) => ({ currency, amountMinor }));
}

/** The flat, non-refundable card fee (spec §1); other methods cost nothing extra. */
export function cardFeeMinor(method: PaymentMethodKind, limits: Pick<PaymentLimits, 'cardFeeMinor'>): number {
  return method === 'card' ? limits.cardFeeMinor : 0;
}

/** "10.00 USD": amounts in messages the server sends, where the user's locale is not known. */
export function plainAmount(amountMinor: number, currency: string): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

function distinct<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** Methods the tenant offers, in display order. */
export function enabledMethods(flags: FeatureFlags): PaymentMethodKind[] {
  return PAYMENT_METHODS.filter((method) => flagOn(flags, METHOD_FLAG[method]));
}

/**
 * Every rule the request breaks, most fundamental first; empty when it may be paid.
 * paymentProblems({ method: 'card', lines: [{ amountMinor: 500, ... }], ... }, ctx)
 *   → [{ code: 'errors.payments.cardBelowMinimum', meta: { minimum: '10.00 USD' } }]
 */
export function paymentProblems(request: PaymentRequest, context: PaymentRuleContext): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const { lines, method } = request;
  if (request.mode === 'INDIVIDUAL_ACCOUNT' && !request.selectedCustomer) {
    problems.push({ code: ErrorCode.customerNotSelected });
  }
  if (lines.length === 0) return [...problems, { code: ErrorCode.noPayableSelection }];
  if (lines.length > MAX_INVOICES_PER_PAYMENT)
    problems.push({ code: ErrorCode.tooManyInvoices, meta: { maximum: MAX_INVOICES_PER_PAYMENT } });
  if (!flagOn(context.flags, METHOD_FLAG[method])) problems.push({ code: ErrorCode.methodDisabled });

  for (const line of lines) {
    if (!isPayable(line.status)) problems.push({ code: ErrorCode.invoiceNotPayable, meta: { trxId: line.trxId } });
  }
  const totals = totalsByCurrency(lines);
  if (lines.some((line) => line.amountMinor <= 0) || totals.some((total) => total.amountMinor <= 0)) {
    problems.push({ code: ErrorCode.nonPositiveAmount });
  }

  const customers = distinct(lines.map((line) => line.customer));
  if (
    request.mode === 'INDIVIDUAL_ACCOUNT' &&
    request.selectedCustomer &&
    customers.some((customer) => customer !== request.selectedCustomer)
  ) {
    problems.push({ code: ErrorCode.oneAccountAtATime });
  }
  for (const customer of customers) {
    const paying = context.customers[customer];
    if (!paying?.paymentEligible) {
      problems.push({ code: ErrorCode.customerNotPaymentEligible, meta: { customer, reason: paying?.paymentWebText ?? '' } });
    }
  }

  if (method === 'bank' && customers.length > 1) problems.push({ code: ErrorCode.multipleAccountsCardOnly });
  // One payment row carries one currency; a card payment has its own currency rule below.
  if (method === 'bank' && totals.length > 1) problems.push({ code: ErrorCode.oneCurrencyPerPayment });
  if (method === 'mail' && customers.length > 1) problems.push({ code: ErrorCode.oneAccountAtATime });
  if (method === 'card') {
    const [only] = totals;
    if (totals.length > 1 || !only || !context.limits.cardCurrencies.includes(only.currency)) {
      problems.push({ code: ErrorCode.cardCurrencyMismatch });
    } else if (only.amountMinor > 0 && only.amountMinor < context.limits.minCardPaymentMinor) {
      problems.push({
        code: ErrorCode.cardBelowMinimum,
        meta: { minimum: plainAmount(context.limits.minCardPaymentMinor, only.currency) },
      });
    }
    if (lines.length > context.limits.maxInvoicesPerCardPayment) {
      problems.push({ code: ErrorCode.cardTooManyInvoices, meta: { maximum: context.limits.maxInvoicesPerCardPayment } });
    }
  }
  if (!request.termsAccepted) problems.push({ code: ErrorCode.termsNotAccepted });
  return problems;
}
