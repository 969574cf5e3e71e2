import { ErrorCode } from '../../domain/error-codes.ts';
import {
  checkDocumentTypeLimit, checkUpload, effectiveType, safeFileName, type CandidateFile, type FileRuleError,
} from '../../domain/files.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { AuthContext } from '../auth/context.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { fullScope, scopedTrxIds } from './scope.ts';

export interface UploadBody {
  trx_id: string;
  doc_type_id?: number | null;
  files: Array<{ file_name: string; mime_type: string; content_base64: string }>;
}

/**
 * The upload body: base64 files, one transaction, one document type. Sizes are checked by the
 * tenant's rules after decoding; the schema only bounds what any tenant could accept.
 */
export function uploadBodySchema(maxBase64Length: number) {
  return {
    type: 'object', additionalProperties: false, required: ['trx_id', 'files'],
    properties: {
      trx_id: { type: 'string', minLength: 1, maxLength: 400 },
      // Not "required" here: spec §5's message is "document type is required" (checkUpload).
      doc_type_id: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
      files: {
        type: 'array', maxItems: 100,
        items: {
          type: 'object', additionalProperties: false, required: ['file_name', 'mime_type', 'content_base64'],
          properties: {
            file_name: { type: 'string', minLength: 1, maxLength: 255 },
            mime_type: { type: 'string', maxLength: 100 },
            content_base64: { type: 'string', maxLength: maxBase64Length },
          },
        },
      },
    },
  } as const;
}

function refuse(error: FileRuleError): ApiError {
  const source = error.index === undefined ? { pointer: error.code === ErrorCode.fieldRequired ? '/doc_type_id' : '/files' } : { pointer: `/files/${error.index}` };
  return new ApiError(error.code === ErrorCode.fieldRequired ? 400 : 422, error.code, source, error.meta);
}

function decode(file: UploadBody['files'][number], index: number): CandidateFile {
  const text = file.content_base64;
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new ApiError(422, ErrorCode.fileInvalid, { pointer: `/files/${index}/content_base64` });
  }
  const bytes = Buffer.from(text, 'base64');
  return { name: file.file_name, mimeType: file.mime_type, size: bytes.byteLength, bytes };
}

export interface StoredDocument { document_id: number; trx_id: string; doc_type_id: number; entry_ts: Date; file_name: string; file_size: number; mime_type: string }

/**
 * spec §5 file rules, then one transaction: the invoice row is locked so two uploads cannot
 * both pass the per-type maximum; the documents and their audit rows are written together.
 *
 * "Only one document per transaction" is read as: an upload attaches to exactly one
 * transaction (trx_id is one id; a list is refused with errors.files.oneDocumentPerTransaction)
 * and is one document of one type, whose files are its attachments; how many a transaction
 * may hold is the document type's max_attachments.
 */
export async function uploadDocuments(db: Database, tenant: Tenant, auth: AuthContext, body: UploadBody): Promise<Array<StoredDocument & { document_type: string }>> {
  if (body.trx_id.includes(',')) throw new ApiError(422, ErrorCode.oneDocumentPerTransaction, { pointer: '/trx_id' });
  const files = body.files.map(decode);
  const ruleError = checkUpload({ docTypeId: body.doc_type_id, files }, tenant.limits.files);
  if (ruleError) throw refuse(ruleError);
  const docTypeId = body.doc_type_id as number;

  return db.transaction().execute(async (trx) => {
    const invoice = await trx.selectFrom('invoices').select('trx_id')
      .where('trx_id', '=', body.trx_id)
      .where('trx_id', 'in', scopedTrxIds(trx, fullScope(auth), [body.trx_id]))
      .forUpdate().executeTakeFirst();
    if (!invoice) throw new ApiError(404, ErrorCode.invoiceNotFound);
    const docType = await trx.selectFrom('document_types').selectAll().where('doc_type_id', '=', docTypeId).executeTakeFirst();
    if (!docType) throw new ApiError(422, ErrorCode.invalidRequest, { pointer: '/doc_type_id' });
    const { existing } = await trx.selectFrom('invoice_documents')
      .select((eb) => eb.fn.countAll<number>().as('existing'))
      .where('trx_id', '=', invoice.trx_id).where('doc_type_id', '=', docTypeId)
      .executeTakeFirstOrThrow();
    const limitError = checkDocumentTypeLimit(Number(existing), files.length, docType.max_attachments);
    if (limitError) throw refuse({ ...limitError, meta: { ...limitError.meta, document_type: docType.document_type } });

    const stored = await trx.insertInto('invoice_documents').values(files.map((file) => {
      const name = safeFileName(file.name) ?? 'document';
      return {
        trx_id: invoice.trx_id, doc_type_id: docTypeId, file_name: name, file_size: file.size,
        mime_type: effectiveType(name, file.mimeType), content: file.bytes, uploaded_by: auth.user.user_id,
      };
    })).returning(['document_id', 'trx_id', 'doc_type_id', 'entry_ts', 'file_name', 'file_size', 'mime_type']).execute();
    for (const document of stored) {
      await audit(trx, {
        tenantId: tenant.id, userId: auth.user.user_id, action: 'upload', entity: 'invoice_document',
        entityId: String(document.document_id),
        detail: { trx_id: document.trx_id, doc_type_id: docTypeId, file_name: document.file_name, file_size: document.file_size },
      });
    }
    return stored.map((document) => ({ ...document, document_type: docType.document_type }));
  });
}
