import type { FromSchema } from 'json-schema-to-ts';
import { sql } from 'kysely';
import { INVOICE_STATUSES, isPayable } from '../../domain/invoice-status.ts';
import { enabledMethods, PAYMENT_METHODS } from '../../domain/payments.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Database } from '../db/database.ts';
import { boolean, integer, nullableText, resourceSchema, strictObject, text, textList } from '../http/api-schema.ts';
import { cardProviderFor } from './providers/registry.ts';
import { maskedAccount } from './serialize.ts';

const PAYABLE = INVOICE_STATUSES.filter(isPayable);

/** GET /payment-options' attributes; paymentOptions is typed by them. */
export const paymentOptionsSchema = strictObject({
  methods: { type: 'array', items: { type: 'string', enum: PAYMENT_METHODS } },
  card_fee_minor: integer,
  min_card_payment_minor: integer,
  max_invoices_per_card_payment: integer,
  card_currencies: textList,
  remittance: strictObject({ payee: text, lines: textList }),
  customers: {
    type: 'array',
    items: strictObject({
      buid_customer: text,
      customer_name: text,
      payment_eligible: boolean,
      payment_web_text: nullableText,
      currency: text,
      payable_minor: integer,
      payable_count: integer,
    }),
  },
  bank_accounts: {
    type: 'array',
    items: strictObject({
      id: text,
      buid_customer: text,
      bank_name: text,
      account_name: nullableText,
      account_number_masked: text,
      kind: text,
      autopay: boolean,
      online_payment: boolean,
    }),
  },
  provider: strictObject({ name: text, field_url: text, public_key: text }),
});
export type PaymentOptions = FromSchema<typeof paymentOptionsSchema>;
export const paymentOptionsResourceSchema = resourceSchema('payment-options', paymentOptionsSchema);

/**
 * Everything the payment flow needs in one call (GET /payment-options), with the same limits
 * and methods the server enforces. Payable figures are in each customer's own currency, as a
 * program-mode payment by customer pays them.
 */
export async function paymentOptions(db: Database, tenant: Tenant, customerIds: readonly string[]): Promise<PaymentOptions> {
  const [customers, accounts] = await Promise.all([
    db
      .selectFrom('customers')
      .select(['buid_customer', 'customer_name', 'payment_eligible', 'payment_web_text', 'currency'])
      .select((eb) => [
        eb
          .selectFrom('invoices')
          .select(sql<number>`coalesce(sum(current_due_minor + past_due_minor), 0)::bigint`.as('total'))
          .whereRef('invoices.buid_customer', '=', 'customers.buid_customer')
          .whereRef('invoices.currency', '=', 'customers.currency')
          .where('invoices.status', 'in', PAYABLE)
          .as('payable_minor'),
        eb
          .selectFrom('invoices')
          .select(sql<number>`count(*)::int`.as('count'))
          .whereRef('invoices.buid_customer', '=', 'customers.buid_customer')
          .whereRef('invoices.currency', '=', 'customers.currency')
          .where('invoices.status', 'in', PAYABLE)
          .as('payable_count'),
      ])
      .where('tenant_id', '=', tenant.id)
      .where('buid_customer', 'in', [...customerIds])
      .orderBy('buid_customer')
      .execute(),
    db
      .selectFrom('bank_accounts')
      .select(['id', 'buid_customer', 'bank_name', 'account_name', 'account_number', 'kind', 'autopay', 'online_payment'])
      .where('buid_customer', 'in', [...customerIds])
      .where('removed_at', 'is', null)
      .where('online_payment', '=', true)
      .orderBy('buid_customer')
      .orderBy('id')
      .execute(),
  ]);
  const { limits } = tenant;
  return {
    methods: enabledMethods(tenant.flags),
    card_fee_minor: limits.cardFeeMinor,
    min_card_payment_minor: limits.minCardPaymentMinor,
    max_invoices_per_card_payment: limits.maxInvoicesPerCardPayment,
    card_currencies: limits.cardCurrencies,
    remittance: tenant.config.remittance ?? { payee: tenant.title, lines: [] },
    customers: customers.map((customer) => ({
      buid_customer: customer.buid_customer,
      customer_name: customer.customer_name,
      payment_eligible: customer.payment_eligible,
      payment_web_text: customer.payment_web_text,
      currency: customer.currency.trim(),
      payable_minor: Number(customer.payable_minor ?? 0),
      payable_count: Number(customer.payable_count ?? 0),
    })),
    bank_accounts: accounts.map((account) => ({
      id: String(account.id),
      buid_customer: account.buid_customer,
      bank_name: account.bank_name ?? '',
      account_name: account.account_name,
      account_number_masked: maskedAccount(account.account_number),
      kind: account.kind,
      autopay: account.autopay,
      online_payment: account.online_payment,
    })),
    provider: cardProviderFor(tenant, db).browserConfig(tenant.paymentProvider.publicKey ?? ''),
  };
}
