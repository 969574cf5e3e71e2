import type { FastifyRequest } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { sql } from 'kysely';
import { DISPUTE_STATUSES, type DisputeSide, type DisputeStatus } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { effectiveType } from '../../domain/files.ts';
import { neutraliseCsvBytes } from '../http/csv-cells.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer, scopedMerchant } from '../auth/guard.ts';
import { disputeDocumentsBodyLimit, tenantFilesBodyLimit } from '../http/body-limits.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import {
  fileResponses,
  idDigits,
  instant,
  integer,
  listDocument,
  nullableText,
  pagedDocument,
  resourceSchema,
  responses,
  singleDocument,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { likePattern } from '../db/like-pattern.ts';
import { disputesCsv, CSV_MAX_ROWS } from './csv.ts';
import { DISPUTE_SORT_COLUMNS, disputeAttributes, disputeResource, disputeResourceSchema, iso, selectDisputes } from './query.ts';
import { largestDocumentBase64 } from './documents.ts';
import { respondBody, respondToDisputes } from './respond.ts';
import { parseNumericIds, requireInScope, scopeIds, SIDES, userTypesOfSide } from './scope.ts';

const disputeList = {
  filters: ['buid_customer', 'buid_merchant', 'status', 'trx_id', 'dispute_id', 'expired', 'search', 'sol_currency'] as const,
  sorts: ['created_at', 'status', 'amount', 'response_due_at'] as const,
  defaultSort: [{ field: 'created_at', direction: 'desc' }] as const,
  defaultPageSize: 50,
};

const responseList = {
  filters: ['dispute_id'] as const,
  sorts: ['comment_date'] as const,
  defaultSort: [{ field: 'comment_date', direction: 'asc' }] as const,
  defaultPageSize: 100,
};

const countQuery = (side: DisputeSide) => ({
  filters: [side === 'customer' ? 'buid_customer' : 'buid_merchant', 'del_currency'] as const,
  sorts: [] as const,
  defaultSort: [] as const,
});

const transactionParams = {
  type: 'object',
  required: ['trx_id'],
  additionalProperties: false,
  properties: { trx_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const documentParams = {
  type: 'object',
  required: ['dispute_id', 'document_id'],
  additionalProperties: false,
  properties: { dispute_id: idDigits, document_id: idDigits },
} as const;

const detailParams = {
  type: 'object',
  required: ['dispute_id'],
  additionalProperties: false,
  properties: { dispute_id: idDigits },
} as const;

function currencyFilter(raw: string | undefined, parameter: string): string | undefined {
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

/** The dispute centre of spec §2 and §7, registered once per side: /ecaas/customer-... and /ecaas/merchant-... */
const countResource = resourceSchema(
  'dispute-counts',
  strictObject({
    open_disputes: integer,
    closed_disputes: integer,
    expired_disputes: integer,
    status_counts: strictObject(Object.fromEntries(DISPUTE_STATUSES.map((status) => [status, integer]))),
  }),
);
const disputeDetailResource = resourceSchema(
  'disputes',
  strictObject({
    ...disputeAttributes,
    contacts: {
      type: 'array',
      items: strictObject({
        id: integer,
        name: nullableText,
        email_address: nullableText,
        contact_type: nullableText,
        contact_type_text: nullableText,
      }),
    },
    supporting_documents: {
      type: 'array',
      items: strictObject({ id: integer, file_name: text, file_size: integer, entry_ts: instant, document_type: nullableText, url: text }),
    },
    responses: {
      type: 'array',
      items: strictObject({
        id: integer,
        side: text,
        action: text,
        dispute_action_description: text,
        comment: nullableText,
        comment_date: instant,
      }),
    },
  }),
);
const documentList = { filters: ['dispute_id'] as const, sorts: [] as const, defaultSort: [] as const };
const documentResource = resourceSchema(
  'dispute-documents',
  strictObject({
    id: integer,
    dispute_id: integer,
    file_name: text,
    file_size: integer,
    entry_ts: instant,
    document_type: nullableText,
    invoice_id: nullableText,
    url: text,
  }),
);
const responseResource = resourceSchema(
  'dispute-responses',
  strictObject({
    dispute_id: integer,
    side: text,
    action: text,
    dispute_action_description: text,
    comment: nullableText,
    comment_date: instant,
    responded_by: nullableText,
  }),
);

export function disputeCentreRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  for (const side of SIDES) registerSide(app, deps, side);
}

function registerSide(app: SchemaTypedApp, { db, clock, tenants }: AppDeps, side: DisputeSide): void {
  // spec §7 /ecaas/{userType}-...: only the path's own side may call (corporate users are customers).
  const userTypes = userTypesOfSide(side);
  app.get(
    `/ecaas/${side}-dispute/count`,
    {
      schema: { querystring: listQuerystring(countQuery(side)), response: responses(singleDocument(countResource), 'Dispute counts') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary: `Open and closed disputes of one ${side}: filter[buid_${side}], filter[del_currency]`,
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { filters } = parseListQuery(request.query, countQuery(side));
      const requestedMerchant = (filters as { buid_merchant?: string }).buid_merchant;
      // A dealer over several merchants without one chosen (the roll-up view) counts them all.
      const rollUp = side === 'merchant' && requestedMerchant === undefined && !auth.session.merchant_id;
      const ids =
        side === 'customer'
          ? [scopedCustomer(auth, (filters as { buid_customer?: string }).buid_customer)]
          : rollUp
            ? scopeIds(auth, 'merchant')
            : [scopedMerchant(auth, requestedMerchant)];
      const id = rollUp ? 'all' : ids[0]!;
      const currency = currencyFilter(filters.del_currency, 'filter[del_currency]');
      const now = clock.now();
      const rows = await db
        .selectFrom('disputes')
        .select([
          'status',
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where response_due_at < ${now}))::int`.as('expired'),
        ])
        .where(side === 'customer' ? 'buid_customer' : 'buid_merchant', 'in', ids)
        .$if(currency !== undefined, (query) => query.where('currency', '=', currency!))
        .groupBy('status')
        .execute();
      const statusCounts = Object.fromEntries(
        DISPUTE_STATUSES.map((status) => [status, rows.find((row) => row.status === status)?.total ?? 0]),
      );
      const closed = statusCounts.closed ?? 0;
      return reply.type(JSON_API).send({
        data: resource('dispute-counts', `${id}${currency ? `:${currency}` : ''}`, {
          open_disputes: rows.reduce((sum, row) => sum + row.total, 0) - closed,
          closed_disputes: closed,
          // Beyond spec §3's two figures: per status, and how many are past their response time.
          expired_disputes: rows.filter((row) => row.status !== 'closed').reduce((sum, row) => sum + row.expired, 0),
          status_counts: statusCounts,
        }),
      });
    },
  );

  /** The list's query with every filter of spec §7 and the centre applied (the list and its CSV share it). */
  const filteredDisputes = (request: FastifyRequest, filters: Partial<Record<(typeof disputeList.filters)[number], string>>, now: Date) => {
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
  };

  app.get(
    `/ecaas/${side}-disputes`,
    {
      schema: { querystring: listQuerystring(disputeList), response: responses(pagedDocument(disputeResourceSchema), 'Disputes, paged') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary: 'Dispute centre list: filters buid_customer, buid_merchant, status, trx_id, dispute_id, expired, search; paged and sorted',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, disputeList);
      const now = clock.now();
      const { rows, meta } = await fetchPage(
        filteredDisputes(request, list.filters, now),
        list,
        DISPUTE_SORT_COLUMNS,
        'disputes.dispute_id',
      );
      const canRespond = auth.ability.can('create', 'DisputeResponse');
      return reply.type(JSON_API).send({ data: rows.map((row) => disputeResource(row, side, now, canRespond)), meta: { page: meta } });
    },
  );

  app.get(
    `/ecaas/${side}-disputes.csv`,
    {
      schema: { querystring: listQuerystring(disputeList), response: fileResponses(['text/csv'], 'The disputes as CSV, one header line') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary:
          'Bulk download: the disputes of the list (same filters and sort, e.g. filter[dispute_id] of a selection; no paging) as CSV',
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, disputeList);
      const now = clock.now();
      let query = filteredDisputes(request, list.filters, now);
      for (const { field, direction } of list.sort) query = query.orderBy(sql.ref(DISPUTE_SORT_COLUMNS[field]), direction);
      const rows = await query.orderBy('disputes.dispute_id').limit(CSV_MAX_ROWS).execute();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('disputes.csv'))
        .header('cache-control', 'private, no-store')
        .send(disputesCsv(rows, now));
    },
  );

  /** One dispute with its contacts, documents and responses (oldest first), or 404 outside the caller's scope. */
  const detail = async (request: FastifyRequest, where: { dispute_id: number } | { trx_id: string }) => {
    const auth = authOf(request);
    let query = selectDisputes(db, auth, side, request.tenant.id);
    // By transaction (spec §2 /dispute-center/{invoice_id}): its latest dispute.
    query =
      'dispute_id' in where
        ? query.where('disputes.dispute_id', '=', where.dispute_id)
        : query.where('disputes.trx_id', '=', where.trx_id).orderBy('disputes.created_at', 'desc').orderBy('disputes.dispute_id', 'desc');
    const row = await query.executeTakeFirst();
    if (!row) throw new ApiError(404, ErrorCode.notFound);
    const disputeId = row.dispute_id;
    const [contacts, documents, responses] = await Promise.all([
      db
        .selectFrom('dispute_contacts')
        .select(['id', 'name', 'email_address', 'contact_type', 'contact_type_text'])
        .where('dispute_id', '=', disputeId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('dispute_documents')
        .leftJoin('document_types', 'document_types.doc_type_id', 'dispute_documents.doc_type_id')
        .select(['dispute_documents.id', 'file_name', 'file_size', 'entry_ts', 'document_types.document_type'])
        .where('dispute_id', '=', disputeId)
        .orderBy('dispute_documents.id')
        .execute(),
      db
        .selectFrom('dispute_responses')
        .select(['id', 'side', 'action', 'dispute_action_description', 'comment', 'comment_date'])
        .where('dispute_id', '=', disputeId)
        .orderBy('comment_date')
        .orderBy('id')
        .execute(),
    ]);
    const now = clock.now();
    const base = disputeResource(row, side, now, auth.ability.can('create', 'DisputeResponse'));
    return {
      data: {
        ...base,
        attributes: {
          ...base.attributes,
          contacts,
          supporting_documents: documents.map((doc) => ({
            id: doc.id,
            file_name: doc.file_name,
            file_size: doc.file_size,
            entry_ts: iso(doc.entry_ts),
            document_type: doc.document_type,
            url: `/ecaas/${side}-disputes/${disputeId}/documents/${doc.id}/content`,
          })),
          responses: responses.map((response) => ({ ...response, comment_date: iso(response.comment_date) })),
        },
      },
    };
  };

  app.get(
    `/ecaas/${side}-disputes/:dispute_id`,
    {
      schema: { params: detailParams, response: responses(singleDocument(disputeDetailResource), 'One dispute') },
      config: { access: { can: ['read', 'Dispute'], userTypes }, summary: 'One dispute with contacts, supporting documents and responses' },
    },
    async (request, reply) => reply.type(JSON_API).send(await detail(request, { dispute_id: Number(request.params.dispute_id) })),
  );

  app.get(
    `/ecaas/${side}-disputes/by-transaction/:trx_id`,
    {
      schema: {
        params: transactionParams,
        response: responses(singleDocument(disputeDetailResource), 'The latest dispute of the transaction'),
      },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary: 'The latest dispute of one transaction (spec §2 /dispute-center/{invoice_id}), with contacts, documents and responses',
      },
    },
    async (request, reply) => reply.type(JSON_API).send(await detail(request, { trx_id: request.params.trx_id })),
  );

  app.get(
    `/ecaas/${side}-dispute-documents`,
    {
      schema: { querystring: listQuerystring(documentList), response: responses(listDocument(documentResource), 'Supporting documents') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary: 'Supporting documents of filter[dispute_id], each with its download url',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, documentList);
      const ids = parseNumericIds(parseIdList(list.filters.dispute_id, 'filter[dispute_id]'), 'filter[dispute_id]');
      if (!ids) throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[dispute_id]' }, { field: 'dispute_id' });
      const visible = await selectDisputes(db, auth, side, request.tenant.id)
        .clearSelect()
        .select('disputes.dispute_id')
        .where('disputes.dispute_id', 'in', ids)
        .execute();
      if (visible.length !== ids.length) throw new ApiError(404, ErrorCode.notFound);
      const rows = await db
        .selectFrom('dispute_documents')
        .leftJoin('document_types', 'document_types.doc_type_id', 'dispute_documents.doc_type_id')
        .leftJoin('invoices', 'invoices.trx_id', 'dispute_documents.trx_id')
        .select([
          'dispute_documents.id',
          'dispute_documents.dispute_id',
          'file_name',
          'file_size',
          'entry_ts',
          'document_types.document_type',
          'invoices.invoice_id',
        ])
        .where('dispute_documents.dispute_id', 'in', ids)
        .orderBy('dispute_documents.id')
        .execute();
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('dispute-documents', row.id, {
            id: row.id,
            dispute_id: row.dispute_id,
            file_name: row.file_name,
            file_size: row.file_size,
            entry_ts: iso(row.entry_ts),
            document_type: row.document_type,
            invoice_id: row.invoice_id,
            url: `/ecaas/${side}-disputes/${row.dispute_id}/documents/${row.id}/content`,
          }),
        ),
      });
    },
  );

  app.get(
    `/ecaas/${side}-disputes/:dispute_id/documents/:document_id/content`,
    {
      schema: { params: documentParams, response: fileResponses(['*/*'], "The document's bytes in its own media type") },
      config: { access: { can: ['read', 'Dispute'], userTypes }, summary: 'Download one supporting document of a dispute' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const visible = await selectDisputes(db, auth, side, request.tenant.id)
        .clearSelect()
        .select('disputes.dispute_id')
        .where('disputes.dispute_id', '=', Number(request.params.dispute_id))
        .executeTakeFirst();
      if (!visible) throw new ApiError(404, ErrorCode.notFound);
      const row = await db
        .selectFrom('dispute_documents')
        .select(['file_name', 'mime_type', 'content'])
        .where('dispute_id', '=', visible.dispute_id)
        .where('id', '=', Number(request.params.document_id))
        .executeTakeFirst();
      if (!row) throw new ApiError(404, ErrorCode.notFound);
      const stored = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
      const content = effectiveType(row.file_name, row.mime_type) === 'text/csv' ? neutraliseCsvBytes(stored) : stored;
      return reply
        .type(row.mime_type)
        .header('content-disposition', contentDisposition(row.file_name))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );

  app.get(
    `/ecaas/${side}-dispute-response`,
    {
      schema: { querystring: listQuerystring(responseList), response: responses(pagedDocument(responseResource), 'Responses, paged') },
      config: {
        access: { can: ['read', 'DisputeResponse'], userTypes },
        summary: 'Dispute response comments: filter[dispute_id], filter[sort]=comment_date|desc',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, responseList);
      const ids = parseNumericIds(parseIdList(list.filters.dispute_id, 'filter[dispute_id]'), 'filter[dispute_id]');
      if (!ids) throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[dispute_id]' }, { field: 'dispute_id' });
      const visible = await selectDisputes(db, auth, side, request.tenant.id)
        .clearSelect()
        .select('disputes.dispute_id')
        .where('disputes.dispute_id', 'in', ids)
        .execute();
      if (visible.length !== ids.length) throw new ApiError(404, ErrorCode.notFound);
      const query = db
        .selectFrom('dispute_responses')
        .leftJoin('users', 'users.user_id', 'dispute_responses.user_id')
        .select([
          'dispute_responses.id',
          'dispute_responses.dispute_id',
          'dispute_responses.side',
          'dispute_responses.action',
          'dispute_responses.dispute_action_description',
          'dispute_responses.comment',
          'dispute_responses.comment_date',
          'users.first_name',
          'users.last_name',
        ])
        .where('dispute_responses.dispute_id', 'in', ids);
      const { rows, meta } = await fetchPage(query, list, { comment_date: 'dispute_responses.comment_date' }, 'dispute_responses.id');
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('dispute-responses', row.id, {
            dispute_id: row.dispute_id,
            side: row.side,
            action: row.action,
            dispute_action_description: row.dispute_action_description,
            comment: row.comment,
            comment_date: iso(row.comment_date),
            responded_by: [row.first_name, row.last_name].filter((part) => part).join(' ') || null,
          }),
        ),
        meta: { page: meta },
      });
    },
  );

  const maxBase64 = largestDocumentBase64(tenants.tenants);
  app.post(
    `/ecaas/${side}-dispute-response`,
    {
      ...tenantFilesBodyLimit(tenants.tenants, disputeDocumentsBodyLimit),
      schema: { body: respondBody(side, maxBase64), response: responses(listDocument(disputeResourceSchema), 'The disputes responded to') },
      config: {
        access: { can: ['create', 'DisputeResponse'], userTypes },
        summary:
          'Respond to one or many disputes (bulk): dispute_ids, action, comment, supporting documents (required when a reason needs them)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ids = await respondToDisputes({ db, clock }, auth, request.tenant, side, request.body);
      const now = clock.now();
      const rows = await selectDisputes(db, auth, side, request.tenant.id)
        .where('disputes.dispute_id', 'in', ids)
        .orderBy('disputes.dispute_id')
        .execute();
      return reply.type(JSON_API).send({ data: rows.map((row) => disputeResource(row, side, now, true)) });
    },
  );
}
