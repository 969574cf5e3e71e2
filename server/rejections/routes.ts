import type { FastifyBaseLogger } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import {
  CORRECTION_LIMITS,
  correctableFields,
  maskCardIdentifier,
  refusedRejections,
  REJECTION_STATUSES,
  STATUS_AFTER,
  uncorrectableFields,
  type Corrections,
  type RejectionAction,
  type RejectionStatus,
} from '../../domain/rejections.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { enqueueResubmission, resubmissionDone, runResubmissionIfDue } from '../jobs/rejection-resubmit.ts';
import type { AuthContext } from '../auth/context.ts';
import { authOf } from '../auth/access.ts';
import { callerSide, parseNumericIds, requireInScope, scopeIds } from '../disputes/scope.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badRequest, unprocessable } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import {
  day,
  documentSchema,
  idInteger,
  instant,
  integer,
  listDocument,
  nullableInteger,
  nullableText,
  pagedDocument,
  resourceSchema,
  responses,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { likePattern } from '../db/like-pattern.ts';
import { parseCurrency } from '../invoices/list.ts';

const rejectionList = {
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
const SORT_COLUMNS = {
  transaction_date: 'rejections.transaction_date',
  amount: 'rejections.amount_minor',
  status: 'rejections.status',
  customer_name: 'customers.customer_name',
  merchant_name: 'merchants.merchant_name',
  trx_id: 'rejections.trx_id',
} as const;

const rejectionIds = { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: idInteger } as const;
const cancelBody = {
  type: 'object',
  additionalProperties: false,
  required: ['rejection_ids'],
  properties: { rejection_ids: rejectionIds },
} as const;

/** What a user may correct before resubmitting: the fields the rejection's reason concerns (domain/rejections.ts), and a comment. */
const resubmitBody = {
  type: 'object',
  additionalProperties: false,
  required: ['rejection_ids'],
  properties: {
    rejection_ids: rejectionIds,
    corrections: {
      type: 'object',
      additionalProperties: false,
      properties: {
        product: { type: 'string', minLength: 1, maxLength: CORRECTION_LIMITS.productMaxLength },
        odometer: { type: 'integer', minimum: 0, maximum: CORRECTION_LIMITS.odometerMax },
        driver_id: { type: 'string', minLength: 1, maxLength: CORRECTION_LIMITS.idMaxLength },
        vehicle_id: { type: 'string', minLength: 1, maxLength: CORRECTION_LIMITS.idMaxLength },
        comment: { type: 'string', maxLength: CORRECTION_LIMITS.commentMaxLength },
      },
    },
  },
} as const;

/** Rejections with their customer and merchant, limited to the tenant and the caller's side of the row scope. */
function selectRejections(db: Database, auth: AuthContext, tenantId: string) {
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
type RejectionRow = Awaited<ReturnType<ReturnType<typeof selectRejections>['execute']>>[number];

const rejectionResourceSchema = resourceSchema(
  'rejections',
  strictObject({
    rejection_id: integer,
    status: { type: 'string', enum: ['active', 'cancelled', 'resubmitted'] },
    buid_customer: text,
    customer_name: nullableText,
    card_holder: text,
    card_identifier: text,
    buid_merchant: text,
    merchant_name: nullableText,
    trx_id: text,
    transaction_date: day,
    amount_minor: integer,
    currency: text,
    product: nullableText,
    reject_reason: text,
    updated_at: instant,
    correctable_fields: { type: 'array', items: { type: 'string', enum: ['product', 'odometer', 'driver_id', 'vehicle_id'] } },
    odometer: nullableInteger,
    driver_id: nullableText,
    vehicle_id: nullableText,
    resubmit_comment: nullableText,
    resubmit_state: { type: ['string', 'null'], enum: ['processing', 'completed', 'failed', null] },
    resubmit_error: nullableText,
  }),
);
const rejectionsDocument = listDocument(rejectionResourceSchema);
/** 202: resubmitted, still processing (spec §4), with the notice's code. */
const processingDocument = documentSchema(
  { type: 'array', items: rejectionResourceSchema },
  {
    meta: strictObject({ code: text, processing_rejection_ids: { type: 'array', items: integer } }),
  },
);

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
    correctable_fields: [...correctableFields(row.reject_reason)],
    odometer: row.odometer,
    driver_id: row.driver_id,
    vehicle_id: row.vehicle_id,
    resubmit_comment: row.resubmit_comment,
    resubmit_state: row.resubmit_state,
    resubmit_error: row.resubmit_error,
  });
}

const REFUSED: Record<RejectionAction, ErrorCodeKey> = {
  cancel: ErrorCode.unableToCancelRejections,
  resubmit: ErrorCode.unableToResubmitInvoice,
};

/** How long the request waits for the program's answer before saying "still processing" (spec §4). */
export const RESUBMIT_DEADLINE_MS = 1_000;
const POLL_MS = 100;

/**
 * Cancels or resubmits rejections, all or nothing: ids outside the caller's scope are "not
 * found"; any that is not active refuses the request (spec §4: cancelling is permanent) with
 * the refused ids in meta, and so do corrections of a field a rejection's reason does not concern.
 * A resubmission records its job in the same transaction (server/jobs/rejection-resubmit.ts) and
 * returns the job's id.
 */
async function actOnRejections(
  { db, clock }: AppDeps,
  auth: AuthContext,
  tenantId: string,
  action: RejectionAction,
  ids: number[],
  corrections?: Corrections,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const rows = await selectRejections(trx, auth, tenantId).where('rejections.rejection_id', 'in', ids).forUpdate('rejections').execute();
    const byId = new Map(rows.map((row) => [row.rejection_id, row]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/rejection_ids' }, { rejection_ids: missing });
    const refused = refusedRejections(
      ids.map((id) => byId.get(id)!),
      action,
    );
    if (refused.length) throw unprocessable(REFUSED[action], { pointer: '/rejection_ids' }, { rejection_ids: refused });
    const misfits = corrections ? rows.filter((row) => uncorrectableFields(row.reject_reason, corrections).length > 0) : [];
    if (corrections && misfits[0]) {
      const field = uncorrectableFields(misfits[0].reject_reason, corrections)[0];
      throw unprocessable(
        ErrorCode.unableToResubmitInvoice,
        { pointer: `/corrections/${field}` },
        { rejection_ids: misfits.map((row) => row.rejection_id) },
      );
    }
    const now = clock.now();
    await trx
      .updateTable('rejections')
      .set({
        status: STATUS_AFTER[action],
        updated_at: now,
        ...(action === 'resubmit' ? { resubmit_state: 'processing' as const, resubmit_error: null } : {}),
        ...(corrections?.product !== undefined ? { product: corrections.product } : {}),
        ...(corrections?.odometer !== undefined ? { odometer: corrections.odometer } : {}),
        ...(corrections?.driver_id !== undefined ? { driver_id: corrections.driver_id } : {}),
        ...(corrections?.vehicle_id !== undefined ? { vehicle_id: corrections.vehicle_id } : {}),
        ...(corrections?.comment ? { resubmit_comment: corrections.comment } : {}),
      })
      .where('rejection_id', 'in', ids)
      .execute();
    for (const id of ids) {
      await audit(trx, {
        tenantId,
        userId: auth.user.user_id,
        action: `rejection.${action}`,
        entity: 'rejection',
        entityId: String(id),
        detail: { trx_id: byId.get(id)?.trx_id, from_status: byId.get(id)?.status, ...(corrections ? { corrections } : {}) },
      });
    }
    if (action !== 'resubmit') return undefined;
    return enqueueResubmission(
      trx,
      clock,
      {
        tenant_id: tenantId,
        user_id: auth.user.user_id,
        rejection_ids: ids,
        deadline_at: new Date(now.getTime() + RESUBMIT_DEADLINE_MS).toISOString(),
      },
      rows.map((row) => row.trx_id),
    );
  });
}

function rowsByIds(db: Database, auth: AuthContext, tenantId: string, ids: number[]) {
  return selectRejections(db, auth, tenantId).where('rejections.rejection_id', 'in', ids).orderBy('rejections.rejection_id').execute();
}

/**
 * Runs the resubmission's job here when it is due at once, else waits for the job runner until
 * the deadline; true when it finished in time.
 */
async function finishedInTime({ db, clock }: AppDeps, jobId: number, log: FastifyBaseLogger): Promise<boolean> {
  const started = Date.now();
  try {
    if (await runResubmissionIfDue(db, clock, jobId)) return true;
  } catch (error) {
    // The job keeps its lease and the runner retries it later; the user is told it is still processing.
    log.error({ err: error, jobId }, 'resubmission job failed in the request');
    return false;
  }
  while (Date.now() - started < RESUBMIT_DEADLINE_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (await resubmissionDone(db, jobId)) return true;
  }
  return false;
}

export function rejectionRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/rejections',
    {
      schema: {
        querystring: listQuerystring(rejectionList),
        response: responses(pagedDocument(rejectionResourceSchema), 'Rejections, paged'),
      },
      config: {
        access: { can: ['read', 'Rejection'] },
        summary:
          'Rejected transactions: filters buid_customer, buid_merchant, status, search, trx_id, rejection_id, customer_search, merchant_search, sol_currency; paged and sorted',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const side = callerSide(auth);
      const list = parseListQuery(request.query, rejectionList);
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
      const rejectionIds = parseNumericIds(parseIdList(filters.rejection_id, 'filter[rejection_id]'), 'filter[rejection_id]');
      let query = selectRejections(db, auth, request.tenant.id);
      if (customers) query = query.where('rejections.buid_customer', 'in', customers);
      if (merchants) query = query.where('rejections.buid_merchant', 'in', merchants);
      if (statuses) query = query.where('rejections.status', 'in', statuses as RejectionStatus[]);
      if (trxIds) query = query.where('rejections.trx_id', 'in', trxIds);
      if (rejectionIds) query = query.where('rejections.rejection_id', 'in', rejectionIds);
      const currency = parseCurrency(filters.sol_currency);
      if (currency) query = query.where('rejections.currency', '=', currency);
      // The rejection centre's customer search and merchant search (issue 15): name or id.
      if (filters.customer_search?.trim()) {
        const pattern = likePattern(filters.customer_search.trim());
        query = query.where((eb) =>
          eb.or([eb('customers.customer_name', 'ilike', pattern), eb('rejections.buid_customer', 'ilike', pattern)]),
        );
      }
      if (filters.merchant_search?.trim()) {
        const pattern = likePattern(filters.merchant_search.trim());
        query = query.where((eb) =>
          eb.or([eb('merchants.merchant_name', 'ilike', pattern), eb('rejections.buid_merchant', 'ilike', pattern)]),
        );
      }
      if (filters.search) {
        const pattern = likePattern(filters.search.trim());
        // Only the card's last four are searchable, as only they are shown.
        const lastFour = filters.search.trim().replace(/^\*+/, '');
        query = query.where((eb) =>
          eb.or([
            eb('customers.customer_name', 'ilike', pattern),
            eb('merchants.merchant_name', 'ilike', pattern),
            eb('rejections.trx_id', 'ilike', pattern),
            eb('rejections.card_holder', 'ilike', pattern),
            ...(/^\d{1,4}$/.test(lastFour)
              ? [eb(eb.fn('right', ['rejections.card_identifier', eb.val(4)]), 'like', likePattern(lastFour))]
              : []),
          ]),
        );
      }
      const { rows, meta } = await fetchPage(query, list, SORT_COLUMNS, 'rejections.rejection_id');
      return reply.type(JSON_API).send({ data: rows.map(rejectionResource), meta: { page: meta } });
    },
  );

  app.post(
    '/rejections/cancel',
    {
      schema: { body: cancelBody, response: responses(rejectionsDocument, 'The rejections cancelled') },
      config: { access: { can: ['update', 'Rejection'] }, summary: 'Cancel active rejections (permanent)' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await actOnRejections(deps, auth, request.tenant.id, 'cancel', request.body.rejection_ids);
      const rows = await rowsByIds(db, auth, request.tenant.id, request.body.rejection_ids);
      return reply.type(JSON_API).send({ data: rows.map(rejectionResource) });
    },
  );

  app.post(
    '/rejections/resubmit',
    {
      schema: {
        body: resubmitBody,
        response: {
          ...responses(rejectionsDocument, 'The rejections resubmitted'),
          ...responses(processingDocument, 'Resubmitted, still processing', 202),
        },
      },
      config: {
        access: { can: ['update', 'Rejection'] },
        summary: 'Resubmit active rejections, with optional corrections; 202 when processing outlasts the deadline',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ids = request.body.rejection_ids;
      const jobId = await actOnRejections(deps, auth, request.tenant.id, 'resubmit', ids, request.body.corrections);
      const inTime = jobId !== undefined && (await finishedInTime(deps, jobId, request.log));
      const rows = await rowsByIds(db, auth, request.tenant.id, ids);
      const data = rows.map(rejectionResource);
      if (!inTime) {
        // spec §4: "a resubmit may time out while still processing, and then a notice says so"; a notification follows.
        return reply
          .status(202)
          .type(JSON_API)
          .send({
            data,
            meta: { code: ErrorCode.resubmitStillProcessing, processing_rejection_ids: rows.map((row) => row.rejection_id) },
          });
      }
      const failed = rows.filter((row) => row.resubmit_state === 'failed');
      if (failed[0]) {
        // The program refused them (spec §8 "Invoice not found", "No access to the invoice"): active again, to correct or cancel.
        throw unprocessable(
          failed[0].resubmit_error as ErrorCodeKey,
          { pointer: '/rejection_ids' },
          { rejection_ids: failed.map((row) => row.rejection_id) },
        );
      }
      return reply.type(JSON_API).send({ data });
    },
  );
}
