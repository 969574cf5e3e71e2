/**
 * The payments API as the flow reads it (the contract shared with server/routes/payments.ts):
 * GET /payment-options, POST /payments, and the invoices of GET /invoices it pays.
 */
import type { PaymentMethodKind, PaymentMode } from '../../domain/payments.ts';

/** POST /payments body: shared with the server (domain/payments.ts). */
export type { PaymentBody } from '../../domain/payments.ts';

export interface PayingCustomerOption {
  buid_customer: string;
  customer_name: string;
  payment_eligible: boolean;
  payment_web_text: string | null;
  currency: string;
  payable_minor: number;
  payable_count: number;
}

export interface BankAccountOption {
  id: string;
  buid_customer: string;
  bank_name: string;
  account_name: string | null;
  account_number_masked: string;
  kind: string;
  autopay: boolean;
  online_payment: boolean;
}

/** Everything the flow needs in one call, with the limits the server enforces. */
export interface PaymentOptions {
  methods: PaymentMethodKind[];
  card_fee_minor: number;
  min_card_payment_minor: number;
  max_invoices_per_card_payment: number;
  card_currencies: string[];
  remittance: { payee: string; lines: string[] };
  customers: PayingCustomerOption[];
  bank_accounts: BankAccountOption[];
  provider: { name: string; field_url: string; public_key: string };
}

/** The invoice fields of GET /invoices the flow uses. */
export interface InvoiceRecord {
  trxId: string;
  invoiceId: string;
  buidCustomer: string;
  status: string;
  dueDate: string;
  currency: string;
  currentDueMinor: number;
  pastDueMinor: number;
}

export interface PaymentAttributes {
  payment_number: string;
  confirmation_number: string;
  mode: PaymentMode;
  method: PaymentMethodKind;
  status: string;
  currency: string;
  amount_minor: number;
  card_fee_minor: number;
  total_minor: number;
  created_at: string;
  settles_at: string;
  invoices: string[];
  customers: string[];
  bank_account_masked?: string;
  card_last4?: string;
}
