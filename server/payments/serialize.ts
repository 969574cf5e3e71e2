import type { FromSchema } from 'json-schema-to-ts';
import { PAYMENT_METHODS } from '../../domain/payments.ts';
import type { Database } from '../db/database.ts';
import { instant, integer, nullableInstant, resourceSchema, strictObject, text, textList } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';

/** Account numbers are masked everywhere but the moment of entry (issue 5). */
export const maskedAccount = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;

/** The attributes of a payment resource; paymentResource is typed by it. */
export const paymentAttributesSchema = strictObject(
  {
    payment_number: text,
    confirmation_number: text,
    mode: { type: 'string', enum: ['INDIVIDUAL_ACCOUNT', 'PROGRAM_OVERVIEW'] },
    method: { type: 'string', enum: PAYMENT_METHODS },
    status: { type: 'string', enum: ['pending', 'settled', 'failed'] },
    currency: text,
    amount_minor: integer,
    card_fee_minor: integer,
    total_minor: integer,
    created_at: instant,
    settles_at: nullableInstant,
    settled_at: nullableInstant,
    source: text,
    invoices: textList,
    customers: textList,
    bank_account_masked: text,
    card_last4: text,
  },
  ['bank_account_masked', 'card_last4'],
);
export type PaymentAttributes = FromSchema<typeof paymentAttributesSchema>;
export const paymentResourceSchema = resourceSchema('payments', paymentAttributesSchema);

/**
 * The payment resource of the contract (POST /payments, GET /payments/:id), or undefined when
 * it is not this tenant's or pays an invoice of a customer outside `scope`.
 */
export async function paymentResource(db: Database, tenantId: string, id: number, scope: readonly string[]) {
  const payment = await db
    .selectFrom('payments')
    .leftJoin('bank_accounts', 'bank_accounts.id', 'payments.bank_account_id')
    .selectAll('payments')
    .select('bank_accounts.account_number')
    .where('payments.id', '=', id)
    .where('payments.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!payment) return undefined;
  const links = await db
    .selectFrom('payment_invoices')
    .select(['trx_id', 'buid_customer'])
    .where('payment_id', '=', id)
    .orderBy('trx_id')
    .execute();
  const customers = [...new Set(links.map((link) => link.buid_customer))];
  if (customers.some((customer) => !scope.includes(customer))) return undefined;
  return resource<PaymentAttributes>('payments', payment.id, {
    payment_number: payment.payment_number,
    confirmation_number: payment.confirmation_number,
    mode: payment.mode,
    method: payment.method,
    status: payment.status,
    currency: payment.currency.trim(),
    amount_minor: payment.amount_minor,
    card_fee_minor: payment.card_fee_minor,
    total_minor: payment.amount_minor + payment.card_fee_minor,
    created_at: new Date(payment.created_at).toISOString(),
    settles_at: payment.settles_at ? new Date(payment.settles_at).toISOString() : null,
    settled_at: payment.settled_at ? new Date(payment.settled_at).toISOString() : null,
    source: payment.source,
    invoices: links.map((link) => link.trx_id),
    customers,
    ...(payment.method === 'bank' && payment.account_number ? { bank_account_masked: maskedAccount(payment.account_number) } : {}),
    ...(payment.method === 'card' && payment.card_last4 ? { card_last4: payment.card_last4 } : {}),
  });
}
