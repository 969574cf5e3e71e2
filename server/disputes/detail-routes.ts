import type { FastifyRequest } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { DisputeSide } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { ApiError } from '../http/errors.ts';
import {
  idDigits,
  instant,
  integer,
  nullableText,
  resourceSchema,
  responses,
  singleDocument,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { disputeAttributes, disputeResource, iso, selectDisputes } from './query.ts';
import { userTypesOfSide } from './scope.ts';

const transactionParams = {
  type: 'object',
  required: ['trx_id'],
  additionalProperties: false,
  properties: { trx_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const detailParams = {
  type: 'object',
  required: ['dispute_id'],
  additionalProperties: false,
  properties: { dispute_id: idDigits },
} as const;

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

/** One dispute with its contacts, documents and responses (oldest first), or 404 outside the caller's scope. */
async function disputeDetail(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  side: DisputeSide,
  request: FastifyRequest,
  where: { dispute_id: number } | { trx_id: string },
) {
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
}

/** One dispute, by its id or by its transaction (its latest dispute). */
export function disputeDetailRoutes(app: SchemaTypedApp, deps: AppDeps, side: DisputeSide): void {
  const userTypes = userTypesOfSide(side);
  app.get(
    `/ecaas/${side}-disputes/:dispute_id`,
    {
      schema: { params: detailParams, response: responses(singleDocument(disputeDetailResource), 'One dispute') },
      config: { access: { can: ['read', 'Dispute'], userTypes }, summary: 'One dispute with contacts, supporting documents and responses' },
    },
    async (request, reply) =>
      reply.type(JSON_API).send(await disputeDetail(deps, side, request, { dispute_id: Number(request.params.dispute_id) })),
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
    async (request, reply) => reply.type(JSON_API).send(await disputeDetail(deps, side, request, { trx_id: request.params.trx_id })),
  );
}
