import { ErrorCode } from '../../domain/error-codes.ts';
import {
  checkDocumentTypeLimit,
  checkTypedUpload,
  effectiveType,
  filesPerType,
  safeFileName,
  type FileRuleError,
  type TypedCandidateFile,
} from '../../domain/files.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { AuthContext } from '../auth/context.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { fullScope, scopedTrxIds } from './scope.ts';
import type { FromSchema } from 'json-schema-to-ts';

const docTypeIdSchema = { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 } as const;

/** The files of an upload body, base64; each may name its own document type (the file upload screen). */
export function uploadFilesSchema(maxBase64Length: number) {
  return {
    type: 'array',
    maxItems: 100,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['file_name', 'mime_type', 'content_base64'],
      properties: {
        file_name: { type: 'string', minLength: 1, maxLength: 255 },
        mime_type: { type: 'string', maxLength: 100 },
        content_base64: { type: 'string', maxLength: maxBase64Length },
        doc_type_id: docTypeIdSchema,
      },
    },
  } as const;
}
export type UploadFile = FromSchema<ReturnType<typeof uploadFilesSchema>['items']>;

/**
 * The upload body: base64 files for one transaction, of the body's document type or each of its
 * own. Sizes are checked by the tenant's rules after decoding; the schema only bounds what any
 * tenant could accept.
 */
export function uploadBodySchema(maxBase64Length: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['trx_id', 'files'],
    properties: {
      trx_id: { type: 'string', minLength: 1, maxLength: 400 },
      // Not "required" here: spec §5's message is "document type is required" (checkTypedUpload).
      doc_type_id: docTypeIdSchema,
      files: uploadFilesSchema(maxBase64Length),
    },
  } as const;
}
export type UploadBody = FromSchema<ReturnType<typeof uploadBodySchema>>;

function refuse(error: FileRuleError): ApiError {
  const required = error.code === ErrorCode.fieldRequired;
  const source =
    error.index === undefined
      ? { pointer: required ? '/doc_type_id' : '/files' }
      : { pointer: required ? `/files/${error.index}/doc_type_id` : `/files/${error.index}` };
  return new ApiError(required ? 400 : 422, error.code, source, error.meta);
}

function decode(file: UploadFile, index: number, docTypeId: number | null | undefined): TypedCandidateFile {
  const text = file.content_base64;
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new ApiError(422, ErrorCode.fileInvalid, { pointer: `/files/${index}/content_base64` });
  }
  const bytes = Buffer.from(text, 'base64');
  return { name: file.file_name, mimeType: file.mime_type, size: bytes.byteLength, bytes, docTypeId: file.doc_type_id ?? docTypeId };
}

/** The columns a checked file is stored with, whatever it is attached to (an invoice, a credit application). */
export function storedFileColumns(file: TypedCandidateFile & { docTypeId: number }, uploadedBy: number) {
  const name = safeFileName(file.name) ?? 'document';
  return {
    doc_type_id: file.docTypeId,
    file_name: name,
    file_size: file.size,
    mime_type: effectiveType(name, file.mimeType),
    content: file.bytes,
    uploaded_by: uploadedBy,
  };
}

/**
 * spec §5 file rules that need no database, shared by every upload (invoice documents, credit
 * application documents): decoded files, each with its document type (its own, else the body's).
 */
export function checkedFiles(
  body: { doc_type_id?: number | null; files: UploadFile[] },
  tenant: Tenant,
): Array<TypedCandidateFile & { docTypeId: number }> {
  const files = body.files.map((file, index) => decode(file, index, body.doc_type_id));
  const ruleError = checkTypedUpload(files, tenant.limits.files);
  if (ruleError) throw refuse(ruleError);
  return files as Array<TypedCandidateFile & { docTypeId: number }>;
}

/**
 * Each document type's maximum attachments (spec §5), per type of the selection, counting those
 * already there (`existing`); the document types are read in the caller's transaction.
 */
export async function checkTypeLimits(
  trx: Database,
  files: readonly { docTypeId: number }[],
  existing: (docTypeId: number) => Promise<number>,
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const [docTypeId, adding] of filesPerType(files)) {
    const docType = await trx.selectFrom('document_types').selectAll().where('doc_type_id', '=', docTypeId).executeTakeFirst();
    if (!docType) throw new ApiError(422, ErrorCode.invalidRequest, { pointer: '/doc_type_id' });
    const limitError = checkDocumentTypeLimit(await existing(docTypeId), adding, docType.max_attachments);
    if (limitError) throw refuse({ ...limitError, meta: { ...limitError.meta, document_type: docType.document_type } });
    names.set(docTypeId, docType.document_type);
  }
  return names;
}

/**
 * The invoice an upload names, within the caller's scope, locked: by its transaction id, else by
 * the invoice id users see everywhere (INV-100004; the file upload screen takes either). An
 * invoice id that several invoices in scope share names none of them (404).
 */
async function invoiceNamed(trx: Database, auth: AuthContext, id: string) {
  const byTrx = await trx
    .selectFrom('invoices')
    .select('trx_id')
    .where('trx_id', '=', id)
    .where('trx_id', 'in', scopedTrxIds(trx, fullScope(auth), [id]))
    .forUpdate()
    .executeTakeFirst();
  if (byTrx) return byTrx;
  const byInvoiceId = await trx
    .selectFrom('invoices')
    .select('trx_id')
    .where('invoice_id', '=', id)
    .where('trx_id', 'in', scopedTrxIds(trx, fullScope(auth)))
    .limit(2)
    .forUpdate()
    .execute();
  return byInvoiceId.length === 1 ? byInvoiceId[0] : undefined;
}

export interface StoredDocument {
  document_id: number;
  trx_id: string;
  doc_type_id: number;
  entry_ts: Date;
  file_name: string;
  file_size: number;
  mime_type: string;
}

/**
 * spec §5 file rules, then one transaction: the invoice row is locked so two uploads cannot
 * both pass the per-type maximum; the documents and their audit rows are written together.
 *
 * "Only one document per transaction" is read as: an upload attaches to exactly one
 * transaction (trx_id is one id; a list is refused with errors.files.oneDocumentPerTransaction)
 * and its files are that transaction's attachments, each of a type (the body's, or its own: the
 * file upload screen chooses one per file); how many of a type a transaction may hold is the
 * type's max_attachments.
 */
export async function uploadDocuments(
  db: Database,
  tenant: Tenant,
  auth: AuthContext,
  body: UploadBody,
): Promise<Array<StoredDocument & { document_type: string }>> {
  if (body.trx_id.includes(',')) throw new ApiError(422, ErrorCode.oneDocumentPerTransaction, { pointer: '/trx_id' });
  const files = checkedFiles(body, tenant);

  return db.transaction().execute(async (trx) => {
    const invoice = await invoiceNamed(trx, auth, body.trx_id.trim());
    if (!invoice) throw new ApiError(404, ErrorCode.invoiceNotFound);
    const typeNames = await checkTypeLimits(trx, files, async (docTypeId) => {
      const { existing } = await trx
        .selectFrom('invoice_documents')
        .select((eb) => eb.fn.countAll<number>().as('existing'))
        .where('trx_id', '=', invoice.trx_id)
        .where('doc_type_id', '=', docTypeId)
        .executeTakeFirstOrThrow();
      return Number(existing);
    });

    const stored = await trx
      .insertInto('invoice_documents')
      .values(files.map((file) => ({ trx_id: invoice.trx_id, ...storedFileColumns(file, auth.user.user_id) })))
      .returning(['document_id', 'trx_id', 'doc_type_id', 'entry_ts', 'file_name', 'file_size', 'mime_type'])
      .execute();
    for (const document of stored) {
      await audit(trx, {
        tenantId: tenant.id,
        userId: auth.user.user_id,
        action: 'upload',
        entity: 'invoice_document',
        entityId: String(document.document_id),
        detail: {
          trx_id: document.trx_id,
          doc_type_id: document.doc_type_id,
          file_name: document.file_name,
          file_size: document.file_size,
        },
      });
    }
    return stored.map((document) => ({ ...document, document_type: typeNames.get(document.doc_type_id) ?? '' }));
  });
}
