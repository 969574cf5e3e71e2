/**
 * Supporting documents sent with a dispute, shared by creating one (create.ts) and responding to
 * one (respond.ts): the body's document schema, decoding and the spec §5 file rules (tenant
 * limits, a document type each), the document-type check and the dispute_documents rows.
 */
import { ErrorCode } from '../../domain/error-codes.ts';
import { checkDocumentTypeLimit, checkUpload, effectiveType, safeFileName, type CandidateFile } from '../../domain/files.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Database } from '../db/database.ts';
import { ApiError, unprocessable } from '../http/errors.ts';
import { base64Length } from '../http/body-limits.ts';

/** One document as the body's schema (documentItemSchema) types it. */
export type DocumentInput = FromSchema<ReturnType<typeof documentItemSchema<Record<never, never>>>>;

export interface DecodedDocument {
  doc_type_id: number;
  file: CandidateFile;
}

/** The base64 length of the largest file any tenant permits: what a document's schema allows at most. */
export function largestDocumentBase64(tenants: readonly Tenant[]): number {
  return base64Length(Math.max(...tenants.map((tenant) => tenant.limits.files.maxSizeBytes)));
}

/** One document of a request body; `extra` adds fields of the caller's own (create's trx_id). */
export function documentItemSchema<const Extra extends Record<string, JSONSchema>>(maxBase64Length: number, extra: Extra) {
  // Object.keys types its keys as string; they are Extra's, all required.
  const extraKeys = Object.keys(extra) as Array<keyof Extra & string>;
  return {
    type: 'object',
    additionalProperties: false,
    required: [...extraKeys, 'doc_type_id', 'file_name', 'mime_type', 'content_base64'],
    properties: {
      ...extra,
      // Not required by the schema: spec §5's message is "document type is required" (checkUpload).
      doc_type_id: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
      file_name: { type: 'string', minLength: 1, maxLength: 255 },
      mime_type: { type: 'string', maxLength: 100 },
      content_base64: { type: 'string', maxLength: maxBase64Length },
    },
  } as const;
}

/** One document against the tenant's file rules (spec §5); `pointer` names it in the refusal. */
export function decodeDocument(document: DocumentInput, pointer: string, tenant: Tenant): DecodedDocument {
  const text = document.content_base64;
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text))
    throw unprocessable(ErrorCode.fileInvalid, { pointer: `${pointer}/content_base64` });
  const bytes = Buffer.from(text, 'base64');
  const file: CandidateFile = { name: document.file_name, mimeType: document.mime_type, size: bytes.byteLength, bytes };
  const problem = checkUpload({ docTypeId: document.doc_type_id, files: [file] }, tenant.limits.files);
  if (problem) {
    const status = problem.code === ErrorCode.fieldRequired ? 400 : 422;
    throw new ApiError(
      status,
      problem.code,
      { pointer: problem.code === ErrorCode.fieldRequired ? `${pointer}/doc_type_id` : pointer },
      problem.meta,
    );
  }
  return { doc_type_id: document.doc_type_id as number, file };
}

/**
 * Every document type named exists, or the request is invalid; and no dispute would hold more
 * documents of a type than the type allows (spec §5: each document type has a maximum number of
 * attachments). `perDispute` lists what each dispute receives; `existing` names disputes that
 * already hold documents (a response), whose stored ones count too.
 */
export async function assertDocumentTypes(
  trx: Database,
  perDispute: ReadonlyArray<readonly DecodedDocument[]>,
  existing: readonly number[] = [],
): Promise<void> {
  const docTypeIds = [...new Set(perDispute.flat().map((document) => document.doc_type_id))];
  if (docTypeIds.length === 0) return;
  const known = await trx
    .selectFrom('document_types')
    .select(['doc_type_id', 'max_attachments'])
    .where('doc_type_id', 'in', docTypeIds)
    .execute();
  if (known.length !== docTypeIds.length) throw unprocessable(ErrorCode.invalidRequest, { pointer: '/documents' });
  const stored =
    existing.length === 0
      ? []
      : await trx
          .selectFrom('dispute_documents')
          .select(['doc_type_id', (eb) => eb.fn.countAll<string | number>().as('held')])
          .where('dispute_id', 'in', existing)
          .where('doc_type_id', 'in', docTypeIds)
          .groupBy(['dispute_id', 'doc_type_id'])
          .execute();
  for (const type of known) {
    // The fullest dispute decides: every one of them receives the same documents.
    const held = Math.max(0, ...stored.filter((row) => row.doc_type_id === type.doc_type_id).map((row) => Number(row.held)));
    const adding = Math.max(
      ...perDispute.map((documents) => documents.filter((document) => document.doc_type_id === type.doc_type_id).length),
    );
    const problem = checkDocumentTypeLimit(held, adding, type.max_attachments);
    if (problem) throw unprocessable(problem.code, { pointer: '/documents' }, { ...problem.meta, doc_type_id: type.doc_type_id });
  }
}

/** The dispute_documents row of one document on one dispute (its name made safe, its type normalised). */
export function documentRow(document: DecodedDocument, dispute: { dispute_id: number; trx_id: string }, now: Date) {
  const name = safeFileName(document.file.name) ?? 'document';
  return {
    dispute_id: dispute.dispute_id,
    trx_id: dispute.trx_id,
    doc_type_id: document.doc_type_id,
    file_name: name,
    file_size: document.file.size,
    mime_type: effectiveType(name, document.file.mimeType),
    content: document.file.bytes,
    entry_ts: now,
  };
}
