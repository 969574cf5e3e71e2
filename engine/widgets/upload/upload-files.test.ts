import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { fileErrorValues, fileIndexOf, filePercent, fileRanges, toBase64, typeNames } from './upload-files.ts';

describe('per-file progress of one upload', () => {
  const items = [
    { file_name: 'a.pdf', content_base64: 'QUFB' },
    { file_name: 'b.pdf', content_base64: 'QkJCQkJC' },
  ];
  const body = JSON.stringify({ trx_id: 'T-1', files: items });
  const ranges = fileRanges(
    body,
    items.map((item) => JSON.stringify(item)),
  );

  it("finds each file's item in the body, in order", () => {
    expect(ranges.map((range) => body.slice(range.start, range.end))).toEqual(items.map((item) => JSON.stringify(item)));
  });

  it('a file is at 0 % before its bytes go, 100 % once they went, in between on the way', () => {
    const [first, second] = ranges as [{ start: number; end: number }, { start: number; end: number }];
    expect(filePercent(first, 0)).toBe(0);
    expect(filePercent(first, first.end)).toBe(100);
    expect(filePercent(second, first.end)).toBe(0);
    expect(filePercent(second, Math.floor((second.start + second.end) / 2))).toBeGreaterThan(0);
    expect(filePercent(second, Math.floor((second.start + second.end) / 2))).toBeLessThan(100);
    expect(filePercent(second, body.length)).toBe(100);
  });
});

describe('file errors', () => {
  it('reads the file a server error points at', () => {
    expect(fileIndexOf('/files/2')).toBe(2);
    expect(fileIndexOf('/files/0/doc_type_id')).toBe(0);
    expect(fileIndexOf('/trx_id')).toBeUndefined();
    expect(fileIndexOf(undefined)).toBeUndefined();
  });

  it("gives the texts their values: the field, the size in the user's units, the types by name", () => {
    const environment = {
      t: (key: string) => `t(${key})`,
      fileSize: (bytes: unknown) => `${Number(bytes) / 1_000_000} MB`,
      permittedTypes: ['application/pdf', 'image/png'],
    };
    expect(fileErrorValues(ErrorCode.fileTooBig, { maximum: 5_000_000 }, environment)).toMatchObject({
      maximum: '5 MB',
      types: 'PDF, PNG',
    });
    expect(fileErrorValues(ErrorCode.fieldRequired, { field: 'document type' }, environment).field).toBe('t(common.upload.documentType)');
    expect(fileErrorValues(ErrorCode.tooManyFiles, { maximum: 5 }, environment).maximum).toBe(5);
    expect(typeNames(['text/csv'])).toBe('CSV');
    expect(toBase64(new TextEncoder().encode('AAA'))).toBe('QUFB');
  });
});
