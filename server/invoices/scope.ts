import type { SelectQueryBuilder } from 'kysely';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { parseIdList } from '../http/list-query.ts';

/**
 * Which invoices a request may touch (spec §6: row scope is enforced in the queries).
 * Customer and corporate users see their customers' invoices; merchant users see the
 * invoices their merchants issued. Both lists are "in" conditions; undefined = no condition.
 */
export interface InvoiceScope {
  customers?: readonly string[];
  merchants?: readonly string[];
}

export const isMerchantUser = (auth: AuthContext) => auth.user.user_type === 'merchant';

/** Every invoice the user may see, whichever customer or merchant is selected. */
export function fullScope(auth: AuthContext): InvoiceScope {
  return isMerchantUser(auth) ? { merchants: auth.merchantIds } : { customers: auth.customerIds };
}

function requireEach(ids: string[], allowed: readonly string[]): string[] {
  // Another customer's (or merchant's) id is "not found", so ids cannot be probed.
  if (ids.some((id) => !allowed.includes(id))) throw notFound();
  return ids;
}

/**
 * The scope of a list: filter[buid_customer] (comma list for the program overview roll-up,
 * each in scope, else 404), else the session's customer, else all of the user's customers.
 * For merchant users the same with filter[buid_merchant] and the session's merchant; the other
 * filter then only narrows within that scope.
 */
export function listScope(auth: AuthContext, filters: { buid_customer?: string; buid_merchant?: string }): InvoiceScope {
  const customers = parseIdList(filters.buid_customer, 'filter[buid_customer]');
  const merchants = parseIdList(filters.buid_merchant, 'filter[buid_merchant]');
  if (isMerchantUser(auth)) {
    const session = auth.session.merchant_id;
    const own = merchants
      ? requireEach(merchants, auth.merchantIds)
      : session && auth.merchantIds.includes(session)
        ? [session]
        : auth.merchantIds;
    return { merchants: own, ...(customers ? { customers } : {}) };
  }
  const session = auth.session.customer_id;
  const own = customers
    ? requireEach(customers, auth.customerIds)
    : session && auth.customerIds.includes(session)
      ? [session]
      : auth.customerIds;
  return { customers: own, ...(merchants ? { merchants } : {}) };
}

const nonEmpty = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['']);

/** Restricts a query on invoices to the scope; an empty list matches nothing. */
export function applyScope<O>(query: SelectQueryBuilder<DB, 'invoices', O>, scope: InvoiceScope): SelectQueryBuilder<DB, 'invoices', O> {
  let scoped = query;
  if (scope.customers) {
    scoped =
      scope.customers.length === 1
        ? scoped.where('invoices.buid_customer', '=', scope.customers[0]!)
        : scoped.where('invoices.buid_customer', 'in', nonEmpty(scope.customers));
  }
  if (scope.merchants) scoped = scoped.where('invoices.buid_merchant', 'in', nonEmpty(scope.merchants));
  return scoped;
}

/**
 * trx_ids of the invoices within a scope (only the named ones, when given), as a subquery for
 * queries on related tables: addresses, line items, documents.
 */
export function scopedTrxIds(db: Database, scope: InvoiceScope, trxIds?: readonly string[]) {
  const query = applyScope(db.selectFrom('invoices').select('invoices.trx_id'), scope);
  return trxIds ? query.where('invoices.trx_id', 'in', nonEmpty(trxIds)) : query;
}
