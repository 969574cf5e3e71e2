import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this go as they are: compressing them saves less than a packet. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text types we compress: text/* but Server-Sent Events (each event must reach the client at
 * once), JSON and JSON:API (`application/vnd.api+json`), XML and SVG. Unlike the plugin's default
 * it leaves `application/octet-stream` alone: downloads of that type are mostly archives and
 * scans, compressed already. Other types fall back to mime-db's `compressible` flag.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u;

/**
 * Compression of dynamic responses (API documents, the CSV export, legacy pages) by content
 * negotiation; the built portal's files come pre-compressed (engine/build/compress-plugin.ts)
 * and @fastify/static marks them with their Content-Encoding, which this hook leaves alone.
 * Brotli at quality 4 (the plugin's default): on a 100-row invoice page (68 KB) it takes
 * about what gzip's default level does (~2 ms) and sends 5.0 KB instead of 5.7 KB. Streams
 * (the CSV export) are compressed as they flow, so they still stream. Registered before any
 * route, so its onSend hook covers them all.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Only what the pre-compressed files offer too; zstd would make Node 22+ answer differently.
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // The portal never sends compressed bodies; decoding them would only add a zip-bomb surface.
    globalDecompression: false,
  });
}
