import { allowedResponses, daysLeftToRespond, isExpired, type DisputeSide } from '../../domain/disputes.ts';
import type { Database } from '../db/database.ts';
import {
  boolean,
  instant,
  integer,
  nullableInstant,
  nullableText,
  resourceSchema,
  strictObject,
  text,
  textList,
  yesNo,
} from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';
import { scopeIds } from './scope.ts';
import type { AuthContext } from '../auth/context.ts';

/**
 * The dispute centre's row: the dispute with its invoice, reason, customer, merchant and
 * creator, restricted to the tenant and the caller's side of the row scope.
 */
export function selectDisputes(db: Database, auth: AuthContext, side: DisputeSide, tenantId: string) {
  return db
    .selectFrom('disputes')
    .innerJoin('invoices', 'invoices.trx_id', 'disputes.trx_id')
    .innerJoin('customers', 'customers.buid_customer', 'disputes.buid_customer')
    .innerJoin('merchants', 'merchants.buid_merchant', 'disputes.buid_merchant')
    .innerJoin('dispute_reasons', 'dispute_reasons.dispute_reason_id', 'disputes.dispute_reason_id')
    .leftJoin('users', 'users.user_id', 'disputes.created_by')
    .select([
      'disputes.dispute_id',
      'disputes.trx_id',
      'invoices.invoice_id',
      'disputes.dispute_reason_id',
      'dispute_reasons.dispute_reason',
      'dispute_reasons.documentation_required',
      'disputes.description',
      'disputes.status',
      'disputes.is_chargeback',
      'disputes.amount_minor',
      'disputes.currency',
      'disputes.created_at',
      'disputes.response_due_at',
      'disputes.response_date',
      'disputes.closed_at',
      'disputes.buid_customer',
      'customers.customer_name',
      'disputes.buid_merchant',
      'merchants.merchant_name',
      'users.first_name as creator_first_name',
      'users.last_name as creator_last_name',
    ])
    .where('customers.tenant_id', '=', tenantId)
    .where(side === 'customer' ? 'disputes.buid_customer' : 'disputes.buid_merchant', 'in', scopeIds(auth, side));
}

export type DisputeRow = Awaited<ReturnType<ReturnType<typeof selectDisputes>['execute']>>[number];

/** API names of the sortable columns (spec §7 filter[sort]=field|dir). */
export const DISPUTE_SORT_COLUMNS = {
  created_at: 'disputes.created_at',
  status: 'disputes.status',
  amount: 'disputes.amount_minor',
  response_due_at: 'disputes.response_due_at',
} as const;

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The attributes disputeResource sends (a dispute of the centre's list). */
export const disputeAttributes = {
  dispute_id: integer,
  trx_id: text,
  invoice_id: text,
  dispute_reason_id: integer,
  reason: text,
  documentation_required: yesNo,
  description: nullableText,
  status: text,
  expired: boolean,
  days_left_to_respond: { type: ['integer', 'null'] },
  response_due_at: nullableInstant,
  created_at: instant,
  created_by: nullableText,
  response_date: nullableInstant,
  closed_at: nullableInstant,
  amount_minor: integer,
  currency: text,
  buid_customer: text,
  customer_name: nullableText,
  buid_merchant: text,
  merchant_name: nullableText,
  is_chargeback: boolean,
  allowed_responses: textList,
} as const;
export const disputeResourceSchema = resourceSchema('disputes', strictObject(disputeAttributes));

/**
 * One dispute as a JSON:API resource. `expired`, `days_left_to_respond` and the responses the
 * caller may give come from domain/disputes.ts; a caller without the DisputeResponse create
 * right (spec §6: admin only) is offered none.
 */
export function disputeResource(row: DisputeRow, side: DisputeSide, now: Date, canRespond: boolean) {
  const timing = { status: row.status, response_due_at: row.response_due_at };
  const creator = [row.creator_first_name, row.creator_last_name].filter((part) => part).join(' ');
  return resource('disputes', row.dispute_id, {
    dispute_id: row.dispute_id,
    trx_id: row.trx_id,
    invoice_id: row.invoice_id,
    dispute_reason_id: row.dispute_reason_id,
    reason: row.dispute_reason,
    documentation_required: row.documentation_required ? 'Y' : 'N',
    description: row.description,
    status: row.status,
    expired: isExpired(timing, now),
    days_left_to_respond: daysLeftToRespond(timing, now),
    response_due_at: iso(row.response_due_at),
    created_at: iso(row.created_at),
    created_by: creator || null,
    response_date: iso(row.response_date),
    closed_at: iso(row.closed_at),
    amount_minor: row.amount_minor,
    currency: row.currency,
    buid_customer: row.buid_customer,
    customer_name: row.customer_name,
    buid_merchant: row.buid_merchant,
    merchant_name: row.merchant_name,
    is_chargeback: row.is_chargeback,
    allowed_responses: canRespond ? allowedResponses(timing, side, now) : [],
  });
}
