import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authOf } from '../auth/access.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import {
  boolean,
  fileResponses,
  idDigits,
  idInteger,
  instant,
  integer,
  listDocument,
  resourceSchema,
  responses,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { base64Length, tenantFilesBodyLimit, uploadBodyLimit } from '../http/body-limits.ts';
import { uploadBodySchema, uploadDocuments } from './document-upload.ts';
import { fullScope, scopedTrxIds } from './scope.ts';
import { sendAttachment, uploadedDocumentBytes } from '../http/attachment.ts';

interface DocumentRow {
  document_id: number;
  trx_id: string;
  doc_type_id: number;
  document_type: string;
  entry_ts: Date;
  file_name: string;
  file_size: number;
  mime_type: string;
  uploaded_by?: number | null;
}

const documentResourceSchema = resourceSchema(
  'merchant-invoice-documents',
  strictObject({
    document_id: integer,
    doc_type_id: integer,
    document_type: text,
    entry_ts: instant,
    file_name: text,
    file_size: integer,
    mime_type: text,
    trx_id: text,
    removable: boolean,
  }),
);
const documentTypeResource = resourceSchema(
  'document-types',
  strictObject({ doc_type_id: integer, document_type: text, max_attachments: integer }),
);
const noParameters = { filters: [], sorts: [], defaultSort: [] };

/** spec §3 Invoice document. `removable`: uploaded through the portal (see DELETE below). */
function documentResource(row: DocumentRow) {
  return resource('merchant-invoice-documents', row.document_id, {
    document_id: row.document_id,
    doc_type_id: row.doc_type_id,
    document_type: row.document_type,
    entry_ts: new Date(row.entry_ts).toISOString(),
    file_name: row.file_name,
    file_size: row.file_size,
    mime_type: row.mime_type,
    trx_id: row.trx_id,
    removable: row.uploaded_by !== null,
  });
}

const documentList = {
  filters: ['trx_id'] as const,
  sorts: ['entry_ts'] as const,
  defaultSort: [{ field: 'entry_ts', direction: 'asc' }] as const,
};
const documentIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['document_id'],
  properties: { document_id: idDigits },
} as const;
const deleteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['document_id'],
  properties: { document_id: idInteger },
} as const;

export function documentRoutes(app: SchemaTypedApp, { db, tenants }: AppDeps): void {
  // A file's schema allows the largest file any tenant permits; the tenant's own rules come after.
  const largestFile = Math.max(...tenants.tenants.map((tenant) => tenant.limits.files.maxSizeBytes));

  app.get(
    '/merchant-invoice-documents',
    {
      schema: { querystring: listQuerystring(documentList), response: responses(listDocument(documentResourceSchema), 'Documents') },
      config: {
        access: { can: ['read', 'InvoiceDocument'] },
        summary: 'Documents attached to the invoices of filter[trx_id] ({documentsUrl})',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, documentList);
      const trxIds = parseIdList(list.filters.trx_id, 'filter[trx_id]');
      if (!trxIds) throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[trx_id]' }, { field: 'trx_id' });
      const rows = await db
        .selectFrom('invoice_documents')
        .innerJoin('document_types', 'document_types.doc_type_id', 'invoice_documents.doc_type_id')
        .select([
          'document_id',
          'trx_id',
          'invoice_documents.doc_type_id',
          'document_types.document_type',
          'entry_ts',
          'file_name',
          'file_size',
          'mime_type',
          'uploaded_by',
        ])
        .where('trx_id', 'in', scopedTrxIds(db, fullScope(auth), trxIds))
        .orderBy('trx_id')
        .orderBy('entry_ts', list.sort[0]?.direction ?? 'asc')
        .orderBy('document_id')
        .execute();
      return reply.type(JSON_API).send({ data: rows.map(documentResource) });
    },
  );

  app.get(
    '/merchant-invoice-documents/:document_id/content',
    {
      schema: { params: documentIdParams, response: fileResponses(['*/*'], "The document's bytes in its own media type") },
      config: { access: { can: ['read', 'InvoiceDocument'] }, summary: 'The bytes of one document, as an attachment with its media type' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await db
        .selectFrom('invoice_documents')
        .select(['file_name', 'mime_type', 'content'])
        .where('document_id', '=', Number(request.params.document_id))
        .where('trx_id', 'in', scopedTrxIds(db, fullScope(auth)))
        .executeTakeFirst();
      if (!row) throw notFound();
      return sendAttachment(reply, row.file_name, row.mime_type, uploadedDocumentBytes(row.file_name, row.mime_type, row.content));
    },
  );

  app.get(
    '/document-types',
    {
      schema: { querystring: listQuerystring(noParameters), response: responses(listDocument(documentTypeResource), 'Document types') },
      config: { access: { can: ['read', 'InvoiceDocument'] }, summary: 'Document types with their maximum attachments per transaction' },
    },
    async (request, reply) => {
      parseListQuery(request.query, noParameters);
      const rows = await db.selectFrom('document_types').selectAll().orderBy('doc_type_id').execute();
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('document-types', row.doc_type_id, {
            doc_type_id: row.doc_type_id,
            document_type: row.document_type,
            max_attachments: row.max_attachments,
          }),
        ),
      });
    },
  );

  app.post(
    '/merchant-invoice-documents',
    {
      ...tenantFilesBodyLimit(tenants.tenants, uploadBodyLimit),
      schema: {
        body: uploadBodySchema(base64Length(largestFile)),
        response: responses(listDocument(documentResourceSchema), 'The stored documents', 201),
      },
      config: {
        access: { can: ['create', 'InvoiceDocument'] },
        summary: 'Upload files (base64) as one document of one type to one transaction; spec §5 file rules',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const stored = await uploadDocuments(db, request.tenant, auth, request.body);
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: stored.map((row) => documentResource({ ...row, uploaded_by: auth.user.user_id })) });
    },
  );

  /**
   * spec §7: DELETE /merchant-invoice-documents with body document_id. Only attachments users
   * uploaded can be removed; the merchant's own documents (uploaded_by null) are its record of
   * the invoice and stay (errors.files.attachmentRemoveFailed). Outside the user's scope: 404.
   */
  app.delete(
    '/merchant-invoice-documents',
    {
      schema: { body: deleteBody, response: responses(null, 'Removed', 204) },
      config: { access: { can: ['delete', 'InvoiceDocument'] }, summary: 'Remove an uploaded attachment; body { document_id }' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('invoice_documents')
          .select(['document_id', 'trx_id', 'file_name', 'doc_type_id', 'uploaded_by'])
          .where('document_id', '=', request.body.document_id)
          .where('trx_id', 'in', scopedTrxIds(trx, fullScope(auth)))
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound();
        if (row.uploaded_by === null) throw new ApiError(422, ErrorCode.attachmentRemoveFailed, { pointer: '/document_id' });
        await trx.deleteFrom('invoice_documents').where('document_id', '=', row.document_id).execute();
        await audit(trx, {
          tenantId: request.tenant.id,
          userId: auth.user.user_id,
          action: 'delete',
          entity: 'invoice_document',
          entityId: String(row.document_id),
          detail: { trx_id: row.trx_id, doc_type_id: row.doc_type_id, file_name: row.file_name },
        });
      });
      return reply.status(204).send();
    },
  );
}
