import type { Kysely } from 'kysely';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { DraftProblem, InvoiceDraft } from '../../domain/merchant-invoices.ts';
import type { AuthContext } from '../auth/context.ts';
import type { DB } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';

/** The merchant an invoice is written for: the one named (in the user's scope), else the session's, else the only one. */
export function merchantOf(auth: AuthContext, named?: string): string {
  if (named) {
    if (!auth.merchantIds.includes(named)) throw notFound();
    return named;
  }
  const session = auth.session.merchant_id;
  if (session && auth.merchantIds.includes(session)) return session;
  if (auth.merchantIds.length === 1) return auth.merchantIds[0] as string;
  throw new ApiError(422, ErrorCode.unableToSetActiveMerchant, { parameter: 'buid_merchant' });
}

/** What the business rules of a merchant's invoices read, loaded once per request (or import). */
export interface MerchantContext {
  merchant: string;
  /** The customers it may invoice (not terminated) → the currencies each may be billed in. */
  customers: Map<string, Set<string>>;
  /** Decimals of each currency (spec §9: two unless the currency says otherwise). */
  minorUnits: Map<string, number>;
}

export async function loadMerchantContext(db: Kysely<DB>, merchant: string): Promise<MerchantContext> {
  const [customers, extra, merchantCurrencies, currencies] = await Promise.all([
    db
      .selectFrom('merchant_customers')
      .innerJoin('customers', 'customers.buid_customer', 'merchant_customers.buid_customer')
      .select(['customers.buid_customer', 'customers.currency'])
      .where('merchant_customers.buid_merchant', '=', merchant)
      .where('customers.status', '!=', 'terminated')
      .execute(),
    db
      .selectFrom('customer_currencies')
      .innerJoin('merchant_customers', 'merchant_customers.buid_customer', 'customer_currencies.buid_customer')
      .select(['customer_currencies.buid_customer', 'customer_currencies.currency'])
      .where('merchant_customers.buid_merchant', '=', merchant)
      .execute(),
    db.selectFrom('merchant_currencies').select('currency').where('buid_merchant', '=', merchant).execute(),
    db.selectFrom('currencies').select(['code', 'minor_units']).execute(),
  ]);
  const offered = new Set(merchantCurrencies.map((row) => row.currency.trim()));
  const map = new Map<string, Set<string>>();
  for (const row of customers) map.set(row.buid_customer, new Set([row.currency.trim()].filter((code) => offered.has(code))));
  for (const row of extra) if (offered.has(row.currency.trim())) map.get(row.buid_customer)?.add(row.currency.trim());
  return { merchant, customers: map, minorUnits: new Map(currencies.map((row) => [row.code.trim(), row.minor_units])) };
}

export const minorUnitsOf = (context: MerchantContext, currency: string | undefined) =>
  context.minorUnits.get(String(currency ?? '').trim()) ?? 2;

/** The rules that need the database: a customer of this merchant, in a currency both use. */
export function relationshipProblems(draft: InvoiceDraft, context: MerchantContext): DraftProblem[] {
  if (!draft.buid_customer) return [];
  const currencies = context.customers.get(draft.buid_customer);
  if (!currencies) return [{ field: 'buid_customer', code: ErrorCode.merchantInvoiceCustomerNotServed }];
  if (draft.currency && !currencies.has(draft.currency)) return [{ field: 'currency', code: ErrorCode.merchantInvoiceCurrencyNotOffered }];
  return [];
}

/** The merchant's invoice ids among `ids` that exist already (the id is the merchant's own number, unique per merchant). */
export async function existingInvoiceIds(
  db: Kysely<DB>,
  merchant: string,
  ids: readonly string[],
  exceptTrxId?: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom('invoices')
    .select('invoice_id')
    .where('buid_merchant', '=', merchant)
    .where('invoice_id', 'in', [...new Set(ids)]);
  if (exceptTrxId) query = query.where('trx_id', '!=', exceptTrxId);
  return new Set((await query.execute()).map((row) => row.invoice_id));
}

/** 422 with one JSON:API error per problem (source.pointer is the field's path, meta.field its name). */
export function draftRefusal(problems: readonly DraftProblem[]) {
  return {
    errors: problems.map((problem) => ({
      status: '422',
      code: problem.code,
      title: problem.code,
      source: { pointer: `/${problem.field.replace(/\./g, '/')}` },
      meta: { ...problem.values, field: problem.field.split('.').pop() },
    })),
  };
}

export class DraftRefused extends Error {
  constructor(readonly problems: readonly DraftProblem[]) {
    super('draft refused');
  }
}
