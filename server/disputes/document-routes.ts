import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { DisputeSide } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { ApiError } from '../http/errors.ts';
import {
  fileResponses,
  idDigits,
  instant,
  integer,
  listDocument,
  nullableText,
  resourceSchema,
  responses,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { iso, selectDisputes } from './query.ts';
import { userTypesOfSide } from './scope.ts';
import { visibleDisputeIds } from './centre-filters.ts';
import { sendAttachment, uploadedDocumentBytes } from '../http/attachment.ts';

const documentParams = {
  type: 'object',
  required: ['dispute_id', 'document_id'],
  additionalProperties: false,
  properties: { dispute_id: idDigits, document_id: idDigits },
} as const;

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

/** A dispute's supporting documents: the list of filter[dispute_id] and each document's bytes. */
export function disputeDocumentRoutes(app: SchemaTypedApp, { db }: AppDeps, side: DisputeSide): void {
  const userTypes = userTypesOfSide(side);
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
      const ids = await visibleDisputeIds(db, auth, side, request.tenant.id, list.filters.dispute_id);
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
      return sendAttachment(reply, row.file_name, row.mime_type, uploadedDocumentBytes(row.file_name, row.mime_type, row.content));
    },
  );
}
