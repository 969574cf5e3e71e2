/** Supporting documents as the dispute flows hold and send them (create and respond share these). */
import { ErrorCode } from '../../../domain/error-codes.ts';
import type { ShownProblem } from './ProblemAlert.tsx';

/** A supporting document chosen in a flow: the file and its document type (an id, null until chosen). */
export interface ChosenDocument { file: File; docTypeId: string | null }

/** "document type is required" for each chosen document without one (spec §5). */
export function documentTypeProblems(documents: ReadonlyArray<ChosenDocument | undefined>): ShownProblem[] {
  return documents.some((document) => document && !document.docTypeId)
    ? [{ code: ErrorCode.fieldRequired, values: { field: 'common.upload.documentType' } }] : [];
}

/** A document as the dispute API takes it (create and respond alike), the file read and encoded. */
export async function documentBody(document: ChosenDocument) {
  return {
    doc_type_id: document.docTypeId ? Number(document.docTypeId) : null,
    file_name: document.file.name, mime_type: document.file.type,
    content_base64: toBase64(new Uint8Array(await document.file.arrayBuffer())),
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
