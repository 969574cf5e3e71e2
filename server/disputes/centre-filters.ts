import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DISPUTE_STATUSES, type DisputeSide, type DisputeStatus } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { authOf } from '../auth/access.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { parseIdList } from '../http/list-query.ts';
import { likePattern } from '../db/like-pattern.ts';
import { parseNumericIds, requireInScope } from './scope.ts';
import type { Database } from '../db/database.ts';
import type { AuthContext } from '../auth/context.ts';
import { selectDisputes } from './query.ts';

/** The centre list's query (the list and its CSV download share it). */
export const disputeList = {
  filters: ['buid_customer', 'buid_merchant', 'status', 'trx_id', 'dispute_id', 'expired', 'search', 'sol_currency'] as const,
  sorts: ['created_at', 'status', 'amount', 'response_due_at'] as const,
  defaultSort: [{ field: 'created_at', direction: 'desc' }] as const,
  defaultPageSize: 50,
};

export function currencyFilter(raw: string | undefined, parameter: string): string | undefined {
  if (raw !== undefined && !/^[A-Z]{3}$/.test(raw)) throw badRequest(ErrorCode.invalidFilter, { parameter });
  return raw;
}

function statusFilter(raw: string | undefined): DisputeStatus[] | undefined {
  const statuses = parseIdList(raw, 'filter[status]');
  if (statuses?.some((status) => !(DISPUTE_STATUSES as readonly string[]).includes(status))) {
    throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[status]' });
  }
  return statuses as DisputeStatus[] | undefined;
}

/** The list's query with every filter of spec §7 and the centre applied (the list and its CSV share it). */
export function filteredDisputes(
  db: Database,
  side: DisputeSide,
  request: FastifyRequest,
  filters: Partial<Record<(typeof disputeList.filters)[number], string>>,
  now: Date,
) {
  const auth = authOf(request);
  const customers = parseIdList(filters.buid_customer, 'filter[buid_customer]');
  const merchants = parseIdList(filters.buid_merchant, 'filter[buid_merchant]');
  // Ids on the caller's own side must be in scope (404 otherwise); on the other side they only narrow.
  if (side === 'customer') requireInScope(customers, auth.customerIds);
  else requireInScope(merchants, auth.merchantIds);
  const statuses = statusFilter(filters.status);
  const trxIds = parseIdList(filters.trx_id, 'filter[trx_id]');
  const disputeIds = parseNumericIds(parseIdList(filters.dispute_id, 'filter[dispute_id]'), 'filter[dispute_id]');
  const currency = currencyFilter(filters.sol_currency, 'filter[sol_currency]');
  if (filters.expired !== undefined && filters.expired !== 'true' && filters.expired !== 'false') {
    throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[expired]' });
  }
  let query = selectDisputes(db, auth, side, request.tenant.id);
  if (customers) query = query.where('disputes.buid_customer', 'in', customers);
  if (merchants) query = query.where('disputes.buid_merchant', 'in', merchants);
  if (statuses) query = query.where('disputes.status', 'in', statuses);
  if (trxIds) query = query.where('disputes.trx_id', 'in', trxIds);
  if (disputeIds) query = query.where('disputes.dispute_id', 'in', disputeIds);
  if (currency) query = query.where('disputes.currency', '=', currency);
  if (filters.expired !== undefined) {
    // Same rule as domain isExpired: past the response time and not closed.
    const expired = sql<boolean>`(disputes.status <> 'closed' and disputes.response_due_at is not null and disputes.response_due_at < ${now})`;
    query = query.where(filters.expired === 'true' ? expired : sql<boolean>`not ${expired}`);
  }
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const search = filters.search.trim();
    query = query.where((eb) =>
      eb.or([
        eb('disputes.trx_id', 'ilike', pattern),
        eb('invoices.invoice_id', 'ilike', pattern),
        eb('disputes.description', 'ilike', pattern),
        eb('dispute_reasons.dispute_reason', 'ilike', pattern),
        eb('customers.customer_name', 'ilike', pattern),
        eb('merchants.merchant_name', 'ilike', pattern),
        ...(/^\d{1,15}$/.test(search) ? [eb('disputes.dispute_id', '=', Number(search))] : []),
      ]),
    );
  }
  return query;
}

/**
 * filter[dispute_id] of the documents and responses lists: required, and every id one the caller
 * may see on this side (404 otherwise, as for a dispute outside their scope).
 */
export async function visibleDisputeIds(
  db: Database,
  auth: AuthContext,
  side: DisputeSide,
  tenantId: string,
  filter: string | undefined,
): Promise<number[]> {
  const ids = parseNumericIds(parseIdList(filter, 'filter[dispute_id]'), 'filter[dispute_id]');
  if (!ids) throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[dispute_id]' }, { field: 'dispute_id' });
  const visible = await selectDisputes(db, auth, side, tenantId)
    .clearSelect()
    .select('disputes.dispute_id')
    .where('disputes.dispute_id', 'in', ids)
    .execute();
  if (visible.length !== ids.length) throw new ApiError(404, ErrorCode.notFound);
  return ids;
}
