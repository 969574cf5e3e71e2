import type { FastifyReply } from 'fastify';
import { effectiveType } from '../../domain/files.ts';
import { contentDisposition } from './content-disposition.ts';
import { neutraliseCsvBytes } from './csv-cells.ts';

/** A private download: the bytes as an attachment under their own name and media type, never cached on the way. */
export function sendAttachment(reply: FastifyReply, fileName: string, contentType: string, content: Buffer) {
  return reply
    .type(contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(content);
}

/** A stored column's bytes as a Buffer, without a copy. */
export function storedBytes(content: Uint8Array): Buffer {
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/**
 * An uploaded document's bytes as they may be handed out: a CSV one neutralised (issue 12 defect 9:
 * a spreadsheet must not run formulas someone else uploaded), any other as stored.
 */
export function uploadedDocumentBytes(fileName: string, mimeType: string, content: Uint8Array): Buffer {
  const stored = storedBytes(content);
  return effectiveType(fileName, mimeType) === 'text/csv' ? neutraliseCsvBytes(stored) : stored;
}
