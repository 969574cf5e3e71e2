import type { FastifyInstance } from 'fastify';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import {
  maskCardIdentifier, refusedRejections, REJECTION_STATUSES, STATUS_AFTER,
  type RejectionAction, type RejectionStatus,
} from '../../domain/rejections.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import type { AuthContext } from '../auth/context.ts';
import { authOf } from '../auth/access.ts';
import { callerSide, requireInScope, scopeIds } from '../disputes/scope.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badRequest, unprocessable } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import {
  day, documentSchema, instant, integer, listDocument, nullableText, pagedDocument, resourceSchema, responses, strictObject, text,
} from '../http/api-schema.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { likePattern } from './customers.ts';

const rejectionList = {
  filters: ['buid_customer', 'buid_merchant', 'status', 'search', 'trx_id'] as const,
  sorts: ['transaction_date', 'amount', 'status', 'customer_name', 'merchant_name', 'trx_id'] as const,
  defaultSort: [{ field: 'transaction_date', direction: 'desc' }] as const,
  defaultPageSize: 50,
};
const SORT_COLUMNS = {
  transaction_date: 'rejections.transaction_date', amount: 'rejections.amount_minor', status: 'rejections.status',
  customer_name: 'customers.customer_name', merchant_name: 'merchants.merchant_name', trx_id: 'rejections.trx_id',
} as const;

const rejectionIds = { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: { type: 'integer', minimum: 1 } } as const;
const cancelBody = { type: 'object', additionalProperties: false, required: ['rejection_ids'], properties: { rejection_ids: rejectionIds } } as const;

export interface Corrections { product?: string; odometer?: number; driver_id?: string; vehicle_id?: string; comment?: string }
/** What a user may correct before resubmitting (the rejection reasons of the demo: odometer, product, ...). */
const resubmitBody = {
  type: 'object', additionalProperties: false, required: ['rejection_ids'],
  properties: {
    rejection_ids: rejectionIds,
    corrections: {
      type: 'object', additionalProperties: false,
      properties: {
        product: { type: 'string', minLength: 1, maxLength: 64 },
        odometer: { type: 'integer', minimum: 0, maximum: 9_999_999 },
        driver_id: { type: 'string', maxLength: 32 },
        vehicle_id: { type: 'string', maxLength: 32 },
        comment: { type: 'string', maxLength: 500 },
      },
    },
  },
} as const;

/** Rejections with their customer and merchant, limited to the tenant and the caller's side of the row scope. */
function selectRejections(db: Database, auth: AuthContext, tenantId: string) {
  const side = callerSide(auth);
  return db.selectFrom('rejections')
    .innerJoin('customers', 'customers.buid_customer', 'rejections.buid_customer')
    .innerJoin('merchants', 'merchants.buid_merchant', 'rejections.buid_merchant')
    .select([
      'rejections.rejection_id', 'rejections.status', 'rejections.buid_customer', 'customers.customer_name',
      'rejections.card_holder', 'rejections.card_identifier', 'rejections.buid_merchant', 'merchants.merchant_name',
      'rejections.trx_id', 'rejections.transaction_date', 'rejections.amount_minor', 'rejections.currency',
      'rejections.product', 'rejections.reject_reason', 'rejections.updated_at',
    ])
    .where('customers.tenant_id', '=', tenantId)
    .where(side === 'customer' ? 'rejections.buid_customer' : 'rejections.buid_merchant', 'in', scopeIds(auth, side));
}
type RejectionRow = Awaited<ReturnType<ReturnType<typeof selectRejections>['execute']>>[number];

const rejectionResourceSchema = resourceSchema('rejections', strictObject({
  rejection_id: integer, status: { type: 'string', enum: ['active', 'cancelled', 'resubmitted'] }, buid_customer: text,
  customer_name: nullableText, card_holder: text, card_identifier: text, buid_merchant: text, merchant_name: nullableText,
  trx_id: text, transaction_date: day, amount_minor: integer, currency: text, product: nullableText, reject_reason: text,
  updated_at: instant,
}));
const rejectionsDocument = listDocument(rejectionResourceSchema);
/** 202: resubmitted, still processing (spec §4), with the notice's code. */
const processingDocument = documentSchema({ type: 'array', items: rejectionResourceSchema }, {
  meta: strictObject({ code: text, processing_rejection_ids: { type: 'array', items: integer } }),
});

/** Customer and card, merchant, and transaction information (spec §3); the card shows its last 4 only. */
function rejectionResource(row: RejectionRow) {
  return resource('rejections', row.rejection_id, {
    rejection_id: row.rejection_id,
    status: row.status,
    buid_customer: row.buid_customer,
    customer_name: row.customer_name,
    card_holder: row.card_holder,
    card_identifier: maskCardIdentifier(row.card_identifier),
    buid_merchant: row.buid_merchant,
    merchant_name: row.merchant_name,
    trx_id: row.trx_id,
    transaction_date: row.transaction_date,
    amount_minor: row.amount_minor,
    currency: row.currency,
    product: row.product,
    reject_reason: row.reject_reason,
    updated_at: new Date(row.updated_at).toISOString(),
  });
}

const REFUSED: Record<RejectionAction, ErrorCodeKey> = {
  cancel: ErrorCode.unableToCancelRejections,
  resubmit: ErrorCode.unableToResubmitInvoice,
};

/**
 * Cancels or resubmits rejections, all or nothing: ids outside the caller's scope are "not
 * found"; any that is not active refuses the request (spec §4: cancelling is permanent) with
 * the refused ids in meta. Returns the rows as they are after the change.
 */
async function actOnRejections(
  { db, clock }: AppDeps, auth: AuthContext, tenantId: string, action: RejectionAction, ids: number[], corrections?: Corrections,
): Promise<RejectionRow[]> {
  await db.transaction().execute(async (trx) => {
    const rows = await selectRejections(trx, auth, tenantId).where('rejections.rejection_id', 'in', ids).forUpdate('rejections').execute();
    const byId = new Map(rows.map((row) => [row.rejection_id, row]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/rejection_ids' }, { rejection_ids: missing });
    const refused = refusedRejections(ids.map((id) => byId.get(id)!), action);
    if (refused.length) throw unprocessable(REFUSED[action], { pointer: '/rejection_ids' }, { rejection_ids: refused });
    const now = clock.now();
    await trx.updateTable('rejections')
      .set({ status: STATUS_AFTER[action], updated_at: now, ...(corrections?.product ? { product: corrections.product } : {}) })
      .where('rejection_id', 'in', ids).execute();
    for (const id of ids) {
      await audit(trx, {
        tenantId, userId: auth.user.user_id, action: `rejection.${action}`, entity: 'rejection', entityId: String(id),
        detail: { trx_id: byId.get(id)?.trx_id, from_status: byId.get(id)?.status, ...(corrections ? { corrections } : {}) },
      });
    }
  });
  return selectRejections(db, auth, tenantId).where('rejections.rejection_id', 'in', ids).orderBy('rejections.rejection_id').execute();
}

/** How long the program's resubmission step may take before the API answers "still processing". */
export const RESUBMIT_DEADLINE_MS = 1_000;
/** The demo's stand-in for the program: a trx id ending in SLOW takes far longer than the deadline. */
const SLOW_PROCESSING_MS = 30_000;

function simulateResubmission(trxIds: readonly string[], signal: AbortSignal): Promise<void> {
  if (!trxIds.some((id) => id.toUpperCase().endsWith('SLOW'))) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SLOW_PROCESSING_MS);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/**
 * True when `work` is still running at the deadline. The resubmission is already recorded, so
 * the request then answers 202 and stops waiting (the simulated work is abandoned; a real
 * program would carry on and report through the rejection's status).
 */
async function outlastsDeadline(work: (signal: AbortSignal) => Promise<void>, ms = RESUBMIT_DEADLINE_MS): Promise<boolean> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(true), ms); });
  try {
    return await Promise.race([work(controller.signal).then(() => false), deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The rejection centre (spec §2, §4): list, cancel (permanent) and resubmit (may still be processing). */
export function rejectionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/rejections', {
    schema: { querystring: listQuerystring(rejectionList), response: responses(pagedDocument(rejectionResourceSchema), 'Rejections, paged') },
    config: { access: { can: ['read', 'Rejection'] }, summary: 'Rejected transactions: filters buid_customer, buid_merchant, status, search, trx_id; paged and sorted' } }, async (request, reply) => {
    const auth = authOf(request);
    const side = callerSide(auth);
    const list = parseListQuery(request.query as Record<string, string>, rejectionList);
    const { filters } = list;
    const customers = parseIdList(filters.buid_customer, 'filter[buid_customer]');
    const merchants = parseIdList(filters.buid_merchant, 'filter[buid_merchant]');
    // Ids on the caller's own side must be in scope (404 otherwise); on the other side they only narrow.
    if (side === 'customer') requireInScope(customers, auth.customerIds);
    else requireInScope(merchants, auth.merchantIds);
    const statuses = parseIdList(filters.status, 'filter[status]');
    if (statuses?.some((status) => !(REJECTION_STATUSES as readonly string[]).includes(status))) {
      throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[status]' });
    }
    const trxIds = parseIdList(filters.trx_id, 'filter[trx_id]');
    let query = selectRejections(db, auth, request.tenant.id);
    if (customers) query = query.where('rejections.buid_customer', 'in', customers);
    if (merchants) query = query.where('rejections.buid_merchant', 'in', merchants);
    if (statuses) query = query.where('rejections.status', 'in', statuses as RejectionStatus[]);
    if (trxIds) query = query.where('rejections.trx_id', 'in', trxIds);
    if (filters.search) {
      const pattern = likePattern(filters.search.trim());
      // Only the card's last four are searchable, as only they are shown.
      const lastFour = filters.search.trim().replace(/^\*+/, '');
      query = query.where((eb) => eb.or([
        eb('customers.customer_name', 'ilike', pattern), eb('merchants.merchant_name', 'ilike', pattern),
        eb('rejections.trx_id', 'ilike', pattern), eb('rejections.card_holder', 'ilike', pattern),
        ...(/^\d{1,4}$/.test(lastFour) ? [eb(eb.fn('right', ['rejections.card_identifier', eb.val(4)]), 'like', likePattern(lastFour))] : []),
      ]));
    }
    const { rows, meta } = await fetchPage(query, list, SORT_COLUMNS, 'rejections.rejection_id');
    return reply.type(JSON_API).send({ data: rows.map(rejectionResource), meta: { page: meta } });
  });

  app.post<{ Body: { rejection_ids: number[] } }>('/rejections/cancel', {
    schema: { body: cancelBody, response: responses(rejectionsDocument, 'The rejections cancelled') },
    config: { access: { can: ['update', 'Rejection'] }, summary: 'Cancel active rejections (permanent)' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const rows = await actOnRejections(deps, auth, request.tenant.id, 'cancel', request.body.rejection_ids);
    return reply.type(JSON_API).send({ data: rows.map(rejectionResource) });
  });

  app.post<{ Body: { rejection_ids: number[]; corrections?: Corrections } }>('/rejections/resubmit', {
    schema: { body: resubmitBody, response: { ...responses(rejectionsDocument, 'The rejections resubmitted'), ...responses(processingDocument, 'Resubmitted, still processing', 202) } },
    config: { access: { can: ['update', 'Rejection'] }, summary: 'Resubmit active rejections, with optional corrections; 202 when processing outlasts the deadline' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const rows = await actOnRejections(deps, auth, request.tenant.id, 'resubmit', request.body.rejection_ids, request.body.corrections);
    const data = rows.map(rejectionResource);
    const pending = await outlastsDeadline((signal) => simulateResubmission(rows.map((row) => row.trx_id), signal));
    if (pending) {
      // spec §4: "a resubmit may time out while still processing, and then a notice says so".
      return reply.status(202).type(JSON_API).send({
        data, meta: { code: ErrorCode.resubmitStillProcessing, processing_rejection_ids: rows.map((row) => row.rejection_id) },
      });
    }
    return reply.type(JSON_API).send({ data });
  });
}
