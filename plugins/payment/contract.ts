/**
 * The payments API as the flow reads it, derived from the generated API types
 * (engine/data/api-schema.d.ts, `npm run api:types`): GET /payment-options, POST /payments and
 * the invoices of GET /invoices it pays. Nothing here is written by hand but the names.
 */
import type { ApiAttributes } from '../../engine/data/api-client.ts';

/** POST /payments body: shared with the server (domain/payments.ts), which validates it. */
export type { PaymentBody } from '../../domain/payments.ts';

/** Everything the flow needs in one call, with the limits the server enforces. */
export type PaymentOptions = ApiAttributes<'/payment-options'>;
export type PayingCustomerOption = PaymentOptions['customers'][number];
export type BankAccountOption = PaymentOptions['bank_accounts'][number];

/** An invoice of GET /invoices. */
export type InvoiceRecord = ApiAttributes<'/invoices'>;

/** The payment of POST /payments and GET /payments/{id}. */
export type PaymentAttributes = ApiAttributes<'/payments/{id}'>;
