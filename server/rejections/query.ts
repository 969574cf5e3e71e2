import type { AuthContext } from '../auth/context.ts';
import { callerSide, scopeIds } from '../disputes/scope.ts';
import type { Database } from '../db/database.ts';

export const rejectionList = {
  filters: [
    'buid_customer',
    'buid_merchant',
    'status',
    'search',
    'trx_id',
    'rejection_id',
    'customer_search',
    'merchant_search',
    'sol_currency',
  ] as const,
  sorts: ['transaction_date', 'amount', 'status', 'customer_name', 'merchant_name', 'trx_id'] as const,
  defaultSort: [{ field: 'transaction_date', direction: 'desc' }] as const,
  defaultPageSize: 50,
  // spec §7: lists add filter[sol_currency] when the multi-currency flag is on and a currency is chosen (issue 26).
  filterSchemas: { sol_currency: { type: 'string' as const, pattern: '^[A-Za-z]{3}$' } },
};
export const SORT_COLUMNS = {
  transaction_date: 'rejections.transaction_date',
  amount: 'rejections.amount_minor',
  status: 'rejections.status',
  customer_name: 'customers.customer_name',
  merchant_name: 'merchants.merchant_name',
  trx_id: 'rejections.trx_id',
} as const;

/** Rejections with their customer and merchant, limited to the tenant and the caller's side of the row scope. */
export function selectRejections(db: Database, auth: AuthContext, tenantId: string) {
  const side = callerSide(auth);
  return db
    .selectFrom('rejections')
    .innerJoin('customers', 'customers.buid_customer', 'rejections.buid_customer')
    .innerJoin('merchants', 'merchants.buid_merchant', 'rejections.buid_merchant')
    .select([
      'rejections.rejection_id',
      'rejections.status',
      'rejections.buid_customer',
      'customers.customer_name',
      'rejections.card_holder',
      'rejections.card_identifier',
      'rejections.buid_merchant',
      'merchants.merchant_name',
      'rejections.trx_id',
      'rejections.transaction_date',
      'rejections.amount_minor',
      'rejections.currency',
      'rejections.product',
      'rejections.reject_reason',
      'rejections.updated_at',
      'rejections.odometer',
      'rejections.driver_id',
      'rejections.vehicle_id',
      'rejections.resubmit_comment',
      'rejections.resubmit_state',
      'rejections.resubmit_error',
    ])
    .where('customers.tenant_id', '=', tenantId)
    .where(side === 'customer' ? 'rejections.buid_customer' : 'rejections.buid_merchant', 'in', scopeIds(auth, side));
}
export type RejectionRow = Awaited<ReturnType<ReturnType<typeof selectRejections>['execute']>>[number];

/** The rejections of ids, as the caller may see them, in id order. */
export function rowsByIds(db: Database, auth: AuthContext, tenantId: string, ids: number[]) {
  return selectRejections(db, auth, tenantId).where('rejections.rejection_id', 'in', ids).orderBy('rejections.rejection_id').execute();
}
