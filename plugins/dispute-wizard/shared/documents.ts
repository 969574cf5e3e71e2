/** Supporting documents as the dispute flows hold and send them (create and respond share these). */
import { ErrorCode } from '../../../domain/error-codes.ts';
import { checkDocumentTypeLimit } from '../../../domain/files.ts';
import type { DocumentType } from '../contract.ts';
import type { ShownProblem } from './ProblemAlert.tsx';

/** A supporting document chosen in a flow: the file and its document type (an id, null until chosen). */
export interface ChosenDocument {
  file: File;
  docTypeId: string | null;
}

/** "document type is required" for each chosen document without one (spec §5). */
export function documentTypeProblems(documents: ReadonlyArray<ChosenDocument | undefined>): ShownProblem[] {
  return documents.some((document) => document && !document.docTypeId)
    ? [{ code: ErrorCode.fieldRequired, values: { field: 'common.upload.documentType' } }]
    : [];
}

/**
 * More documents of one type than the type allows (spec §5), before anything is sent; the API
 * checks again, counting what each dispute already holds.
 */
export function documentTypeLimitProblems(documents: readonly ChosenDocument[], types: readonly DocumentType[]): ShownProblem[] {
  for (const type of types) {
    const chosen = documents.filter((document) => document.docTypeId === String(type.doc_type_id)).length;
    const problem = chosen ? checkDocumentTypeLimit(0, chosen, type.max_attachments) : undefined;
    if (problem) return [{ code: problem.code, values: problem.meta ?? {} }];
  }
  return [];
}

/** A document as the dispute API takes it (create and respond alike), the file read and encoded. */
export async function documentBody(document: ChosenDocument) {
  return {
    doc_type_id: document.docTypeId ? Number(document.docTypeId) : null,
    file_name: document.file.name,
    mime_type: document.file.type,
    content_base64: toBase64(new Uint8Array(await document.file.arrayBuffer())),
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
