import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import {
  checkDocumentTypeLimit,
  checkFile,
  checkFileCount,
  checkTypedUpload,
  checkUpload,
  contentMatchesType,
  effectiveType,
  filesPerType,
  safeFileName,
  type CandidateFile,
  type FileLimits,
} from './files.ts';

const limits: FileLimits = {
  maxSizeBytes: 1_000,
  permittedTypes: ['application/pdf', 'image/png', 'image/jpeg', 'text/csv'],
  maxFilesPerUpload: 3,
};
const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const PDF = text('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const file = (name: string, mimeType: string, content: Uint8Array, size = content.byteLength): CandidateFile => ({
  name,
  mimeType,
  size,
  bytes: content,
});

describe('content checks', () => {
  it('recognises pdf, png and jpeg by their magic bytes', () => {
    expect(contentMatchesType('application/pdf', PDF)).toBe(true);
    expect(contentMatchesType('application/pdf', text('<html>%PDF-'))).toBe(false);
    expect(contentMatchesType('image/png', PNG)).toBe(true);
    expect(contentMatchesType('image/png', JPEG)).toBe(false);
    expect(contentMatchesType('image/jpeg', JPEG)).toBe(true);
    expect(contentMatchesType('image/jpeg', bytes(0xff, 0xd8))).toBe(false);
    expect(contentMatchesType('application/zip', bytes(0x50, 0x4b, 3, 4))).toBe(false);
  });

  it('takes csv as UTF-8 text without control characters', () => {
    expect(contentMatchesType('text/csv', text('\uFEFFinvoice,amount\r\nINV-1,"1,20"\tx\n'))).toBe(true);
    expect(contentMatchesType('text/csv', text('Zürich,Köln\n'))).toBe(true);
    expect(contentMatchesType('text/csv', PNG)).toBe(false);
    expect(contentMatchesType('text/csv', bytes(0x61, 0x00, 0x62))).toBe(false);
    expect(contentMatchesType('text/csv', bytes(0xc3, 0x28))).toBe(false); // not UTF-8
    expect(contentMatchesType('text/csv', bytes())).toBe(false);
  });
});

describe('names and types', () => {
  it('normalises declared types, inferring from the extension when none is given', () => {
    expect(effectiveType('a.pdf', 'Application/PDF; charset=binary')).toBe('application/pdf');
    expect(effectiveType('a.jpg', 'image/jpg')).toBe('image/jpeg');
    expect(effectiveType('a.csv', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(effectiveType('a.xls', 'application/vnd.ms-excel')).toBe('application/vnd.ms-excel');
    expect(effectiveType('a.csv', '')).toBe('text/csv');
    expect(effectiveType('a.PNG', 'application/octet-stream')).toBe('image/png');
    expect(effectiveType('a.bin', '')).toBe('');
  });

  it('keeps the last path segment of a file name and refuses unsafe ones', () => {
    expect(safeFileName('C:\\fakepath\\invoice.pdf')).toBe('invoice.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('folder/')).toBeUndefined();
    expect(safeFileName('..')).toBeUndefined();
    expect(safeFileName('a\u0000.pdf')).toBeUndefined();
    // Bidirectional controls that disguise an extension (issue 12).
    for (const control of ['\u202e', '\u202d', '\u2066', '\u2069', '\u200f', '\u061c'])
      expect(safeFileName(`invoice${control}fdp.exe`)).toBeUndefined();
    expect(safeFileName('Rechnung März – Übersicht.pdf')).toBe('Rechnung März – Übersicht.pdf');
    expect(safeFileName(`${'a'.repeat(252)}.pdf`)).toBeUndefined();
  });
});

describe('one file', () => {
  it('accepts a permitted file whose name, type and content agree', () => {
    expect(checkFile(file('invoice.pdf', 'application/pdf', PDF), limits)).toBeUndefined();
    expect(checkFile(file('photo.JPEG', 'image/jpeg', JPEG), limits)).toBeUndefined();
    expect(checkFile(file('list.csv', '', text('a,b\n')), limits)).toBeUndefined();
  });

  it('refuses a type the tenant does not permit', () => {
    const gif = bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61);
    expect(checkFile(file('anim.gif', 'image/gif', gif), limits)?.code).toBe(ErrorCode.fileUnsupportedType);
    expect(checkFile(file('run.exe', 'application/x-msdownload', PDF), limits)?.code).toBe(ErrorCode.fileUnsupportedType);
    expect(checkFile(file('invoice.exe', 'application/pdf', PDF), limits)?.code).toBe(ErrorCode.fileUnsupportedType);
    expect(checkFile(file('x.pdf', 'application/pdf', PDF), { ...limits, permittedTypes: ['image/png'] })?.meta).toEqual({
      permitted: ['image/png'],
    });
  });

  it('refuses content that does not match its type, and names of another type', () => {
    expect(checkFile(file('fake.pdf', 'application/pdf', text('MZ\u0090 this is not a pdf')), limits)?.code).toBe(ErrorCode.fileInvalid);
    expect(checkFile(file('fake.png', 'image/png', JPEG), limits)?.code).toBe(ErrorCode.fileInvalid);
    expect(checkFile(file('invoice.png', 'application/pdf', PDF), limits)?.code).toBe(ErrorCode.fileInvalid);
    expect(checkFile(file('empty.pdf', 'application/pdf', bytes(), 0), limits)?.code).toBe(ErrorCode.fileInvalid);
  });

  it('refuses a file over the size limit, with the maximum', () => {
    expect(checkFile(file('big.pdf', 'application/pdf', PDF, 1_001), limits)).toEqual({
      code: ErrorCode.fileTooBig,
      meta: { maximum: 1_000 },
    });
    expect(checkFile(file('edge.pdf', 'application/pdf', PDF, 1_000), limits)).toBeUndefined();
  });
});

describe('a selection', () => {
  it('counts files against the maximum per upload', () => {
    expect(checkFileCount(3, limits)).toBeUndefined();
    expect(checkFileCount(4, limits)).toEqual({ code: ErrorCode.tooManyFiles, meta: { maximum: 3 } });
    expect(checkFileCount(0, limits)).toEqual({ code: ErrorCode.fieldRequired, meta: { field: 'files' } });
  });

  it('keeps each document type within its maximum attachments', () => {
    expect(checkDocumentTypeLimit(1, 2, 3)).toBeUndefined();
    expect(checkDocumentTypeLimit(2, 2, 3)).toEqual({ code: ErrorCode.documentTypeLimit, meta: { maximum: 3, existing: 2 } });
    expect(checkDocumentTypeLimit(1, 1, 1)?.code).toBe(ErrorCode.documentTypeLimit);
  });

  it('needs a document type first, then the count, then each file (naming which)', () => {
    const good = file('a.pdf', 'application/pdf', PDF);
    expect(checkUpload({ docTypeId: undefined, files: [good] }, limits)).toEqual({
      code: ErrorCode.fieldRequired,
      meta: { field: 'document type' },
    });
    expect(checkUpload({ docTypeId: null, files: [] }, limits)?.meta).toEqual({ field: 'document type' });
    expect(checkUpload({ docTypeId: 2, files: [good, good, good, good] }, limits)?.code).toBe(ErrorCode.tooManyFiles);
    expect(checkUpload({ docTypeId: 2, files: [good, file('b.pdf', 'application/pdf', PNG)] }, limits)).toEqual({
      code: ErrorCode.fileInvalid,
      index: 1,
    });
    expect(checkUpload({ docTypeId: 2, files: [good, file('c.png', 'image/png', PNG)] }, limits)).toBeUndefined();
  });
});

describe('a document type per file (the file upload screen)', () => {
  const pdfFile = (docTypeId: number | null) => ({
    name: 'a.pdf',
    mimeType: 'application/pdf',
    size: 9,
    bytes: new TextEncoder().encode('%PDF-1.4\n'),
    docTypeId,
  });
  const typedLimits = { maxSizeBytes: 1_000, permittedTypes: ['application/pdf'], maxFilesPerUpload: 2 };

  it('names the first file without a type', () => {
    expect(checkTypedUpload([pdfFile(1), pdfFile(null)], typedLimits)).toEqual({
      code: ErrorCode.fieldRequired,
      meta: { field: 'document type' },
      index: 1,
    });
  });

  it("counts the selection against the tenant's maximum files per upload", () => {
    expect(checkTypedUpload([pdfFile(1), pdfFile(2), pdfFile(2)], typedLimits)?.code).toBe(ErrorCode.tooManyFiles);
  });

  it('checks each file and names the one refused', () => {
    const big = { ...pdfFile(2), size: 5_000 };
    expect(checkTypedUpload([pdfFile(1), big], typedLimits)).toEqual({ code: ErrorCode.fileTooBig, meta: { maximum: 1_000 }, index: 1 });
    expect(checkTypedUpload([pdfFile(1), pdfFile(2)], typedLimits)).toBeUndefined();
  });

  it('counts files per type', () => {
    expect([...filesPerType([pdfFile(1), pdfFile(2), pdfFile(2), pdfFile(null)])]).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});
