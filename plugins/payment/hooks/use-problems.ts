import { useMemo } from 'react';
import {
  paymentProblems,
  type PayingCustomer,
  type PaymentLimits,
  type PaymentLine,
  type PaymentMethodKind,
  type PaymentMode,
  type PaymentProblem,
} from '../../../domain/payments.ts';
import { useSession } from '../../../engine/session/store.ts';
import type { PaymentOptions } from '../contract.ts';

export function limitsOf(options: PaymentOptions): PaymentLimits {
  return {
    cardFeeMinor: options.card_fee_minor,
    minCardPaymentMinor: options.min_card_payment_minor,
    maxInvoicesPerCardPayment: options.max_invoices_per_card_payment,
    cardCurrencies: options.card_currencies,
  };
}

function payingCustomers(options: PaymentOptions): Record<string, PayingCustomer> {
  return Object.fromEntries(
    options.customers.map((customer) => [
      customer.buid_customer,
      {
        paymentEligible: customer.payment_eligible,
        paymentWebText: customer.payment_web_text,
      },
    ]),
  );
}

export interface ProblemRequest {
  mode: PaymentMode;
  method: PaymentMethodKind | undefined;
  lines: readonly PaymentLine[];
  termsAccepted: boolean;
}

/**
 * The rules of spec §5 the choice breaks, as the server will judge it (domain/payments.ts with the
 * server's limits from /payment-options); none until the options and a method are known.
 */
export function useProblems({ mode, method, lines, termsAccepted }: ProblemRequest, options: PaymentOptions | undefined): PaymentProblem[] {
  const flags = useSession((session) => session.flags);
  const selectedCustomer = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  return useMemo(() => {
    if (!options || !method) return [];
    return paymentProblems(
      { mode, method, lines, selectedCustomer, termsAccepted },
      { flags, limits: limitsOf(options), customers: payingCustomers(options) },
    );
  }, [mode, method, lines, termsAccepted, options, flags, selectedCustomer]);
}
