/**
 * File rules of spec §5 ("Files: size limit, permitted types, maximum files per upload. Only one
 * document per transaction. Each document type has a maximum number of attachments. A document
 * type must be chosen."), pure so the browser checks a selection before uploading it and the
 * server enforces the same on what arrives. The limits come from the tenant (limits.files).
 */
import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';

export interface FileLimits {
  maxSizeBytes: number;
  permittedTypes: readonly string[];
  maxFilesPerUpload: number;
}

export interface CandidateFile {
  name: string;
  /** The declared media type (File.type in the browser, mime_type in the API body). */
  mimeType: string;
  size: number;
  /** The content, or at least its first bytes (a csv is checked whole). */
  bytes: Uint8Array;
}

export interface FileRuleError {
  code: ErrorCodeKey;
  meta?: Record<string, unknown>;
  /** Which file of the selection, when the error is about one. */
  index?: number;
}

/** Types we can verify by content; a tenant may permit only these (anything else is refused). */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
};

/** Names browsers and operating systems use for the same types. */
const ALIASES: Record<string, string> = {
  'application/x-pdf': 'application/pdf',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
};

const SIGNATURES: Record<string, readonly (readonly number[])[]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ], // GIF87a, GIF89a
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The media type a file is taken to be: the declared one, normalised; when the browser gives
 * none (or a generic one), the extension's. Windows reports csv as application/vnd.ms-excel.
 */
export function effectiveType(name: string, mimeType: string): string {
  let type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  type = ALIASES[type] ?? type;
  const extension = extensionOf(name);
  if (type === 'application/vnd.ms-excel' && extension === 'csv') return 'text/csv';
  if (type === '' || type === 'application/octet-stream') {
    return Object.entries(EXTENSIONS).find(([, extensions]) => extensions.includes(extension))?.[0] ?? type;
  }
  return type;
}

/**
 * Bidirectional controls (U+061C, U+200E/F, U+202A-E, U+2066-9) make "invoice\u202Efdp.exe" read as
 * "invoiceexe.pdf": a name that hides its real extension is refused, as are control characters.
 */
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The last path segment ("C:\fakepath\a.pdf" → "a.pdf"); undefined when empty or unsafe. */
export function safeFileName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  if (base === '' || base === '.' || base === '..' || base.length > 255 || UNSAFE_IN_NAME.test(base)) return undefined;
  return base;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** Text a spreadsheet can open: UTF-8 (a BOM allowed) without control characters but tab and line ends. */
function isText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/** Whether the content is what its type claims: magic bytes for binaries, plain text for csv and txt. */
export function contentMatchesType(type: string, bytes: Uint8Array): boolean {
  const signatures = SIGNATURES[type];
  if (signatures) return signatures.some((signature) => startsWith(bytes, signature));
  if (type === 'text/csv' || type === 'text/plain') return bytes.length > 0 && isText(bytes);
  return false;
}

/** One file against the tenant's limits: type, then size, then content. */
export function checkFile(file: CandidateFile, limits: FileLimits): FileRuleError | undefined {
  const name = safeFileName(file.name);
  if (name === undefined) return { code: ErrorCode.fileInvalid };
  const type = effectiveType(name, file.mimeType);
  const permitted = limits.permittedTypes.map((permittedType) => effectiveType('', permittedType));
  if (!permitted.includes(type) || !EXTENSIONS[type]) {
    return { code: ErrorCode.fileUnsupportedType, meta: { permitted: [...limits.permittedTypes] } };
  }
  const extension = extensionOf(name);
  if (!EXTENSIONS[type]?.includes(extension)) {
    // A known extension of another type (invoice.png sent as a pdf) is a file that lies about itself.
    const otherType = Object.values(EXTENSIONS).some((extensions) => extensions.includes(extension));
    return otherType
      ? { code: ErrorCode.fileInvalid }
      : { code: ErrorCode.fileUnsupportedType, meta: { permitted: [...limits.permittedTypes] } };
  }
  if (file.size > limits.maxSizeBytes) return { code: ErrorCode.fileTooBig, meta: { maximum: limits.maxSizeBytes } };
  if (file.size === 0 || !contentMatchesType(type, file.bytes)) return { code: ErrorCode.fileInvalid };
  return undefined;
}

export function checkFileCount(count: number, limits: Pick<FileLimits, 'maxFilesPerUpload'>): FileRuleError | undefined {
  if (count < 1) return { code: ErrorCode.fieldRequired, meta: { field: 'files' } };
  if (count > limits.maxFilesPerUpload) return { code: ErrorCode.tooManyFiles, meta: { maximum: limits.maxFilesPerUpload } };
  return undefined;
}

/** Each document type has a maximum number of attachments per transaction (spec §5). */
export function checkDocumentTypeLimit(existing: number, adding: number, maxAttachments: number): FileRuleError | undefined {
  if (existing + adding > maxAttachments) {
    return { code: ErrorCode.documentTypeLimit, meta: { maximum: maxAttachments, existing } };
  }
  return undefined;
}

export interface UploadSelection {
  docTypeId: number | null | undefined;
  files: readonly CandidateFile[];
}

/**
 * Everything that can be decided without the database, in the order a user fixes them:
 * a document type is chosen, not too many files, then each file. The per-type maximum needs
 * the attachments already on the transaction: checkDocumentTypeLimit.
 */
export function checkUpload(selection: UploadSelection, limits: FileLimits): FileRuleError | undefined {
  if (selection.docTypeId === null || selection.docTypeId === undefined) {
    return { code: ErrorCode.fieldRequired, meta: { field: 'document type' } };
  }
  const count = checkFileCount(selection.files.length, limits);
  if (count) return count;
  for (const [index, file] of selection.files.entries()) {
    const error = checkFile(file, limits);
    if (error) return { ...error, index };
  }
  return undefined;
}

/** A file of a selection whose files each have their own document type (the file upload screen). */
export interface TypedCandidateFile extends CandidateFile {
  docTypeId: number | null | undefined;
}

/**
 * checkUpload for a selection with a document type per file: every file has a type (the first
 * without one is named), not too many files, then each file against the limits. The per-type
 * maximum is checkDocumentTypeLimit, per type, with the attachments already there.
 */
export function checkTypedUpload(files: readonly TypedCandidateFile[], limits: FileLimits): FileRuleError | undefined {
  const untyped = files.findIndex((file) => file.docTypeId === null || file.docTypeId === undefined);
  if (untyped >= 0) return { code: ErrorCode.fieldRequired, meta: { field: 'document type' }, index: untyped };
  const count = checkFileCount(files.length, limits);
  if (count) return count;
  for (const [index, file] of files.entries()) {
    const error = checkFile(file, limits);
    if (error) return { ...error, index };
  }
  return undefined;
}

/** How many files of each document type a selection adds (for checkDocumentTypeLimit per type). */
export function filesPerType(files: readonly { docTypeId: number | null | undefined }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const file of files) if (typeof file.docTypeId === 'number') counts.set(file.docTypeId, (counts.get(file.docTypeId) ?? 0) + 1);
  return counts;
}
