import { ErrorCode } from '../../../domain/error-codes.ts';

/** A file's bytes as base64, as the API takes files in JSON bodies (in slices: no call-stack limit on large files). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** The permitted media types as users know them: "PDF, PNG, JPEG, CSV". */
export function typeNames(permittedTypes: readonly string[]): string {
  return permittedTypes.map((type) => (type.split('/')[1] ?? type).toUpperCase()).join(', ');
}

/**
 * The values a file error's text reads: the field named in the user's language, the size limit
 * as a file size (spec §9 base 1000), the permitted types by name.
 */
export function fileErrorValues(
  code: string,
  meta: Record<string, unknown>,
  environment: { t: (key: string) => string; fileSize: (bytes: unknown) => string; permittedTypes: readonly string[] },
): Record<string, unknown> {
  return {
    ...meta,
    field: environment.t(meta.field === 'files' ? 'common.upload.files' : 'common.upload.documentType'),
    maximum: code === ErrorCode.fileTooBig ? environment.fileSize(meta.maximum) : meta.maximum,
    types: typeNames(environment.permittedTypes),
  };
}

/**
 * Where each file's content lies in the JSON body sent (character offsets of its item in the
 * files array), so one request's upload progress reads as a progress per file: the body goes out
 * in order, so file i is done once the bytes sent pass its end. Base64 and JSON punctuation are
 * ASCII; only a non-ASCII file name shifts the offsets by a few bytes, which a bar cannot show.
 */
export function fileRanges(body: string, items: readonly string[]): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  let from = 0;
  for (const item of items) {
    const start = body.indexOf(item, from);
    const end = start + item.length;
    ranges.push({ start, end });
    from = end;
  }
  return ranges;
}

/** Whole percent of one file sent, from the bytes of the whole body sent so far. */
export function filePercent(range: { start: number; end: number }, loaded: number): number {
  if (loaded <= range.start) return 0;
  if (loaded >= range.end) return 100;
  return Math.floor(((loaded - range.start) / (range.end - range.start)) * 100);
}

/** The index of the file a server error names (`source.pointer` "/files/2" or "/files/2/doc_type_id"). */
export function fileIndexOf(pointer: string | undefined): number | undefined {
  const match = /^\/files\/(\d+)(?:\/|$)/.exec(pointer ?? '');
  return match ? Number(match[1]) : undefined;
}
