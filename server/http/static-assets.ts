import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed file names change with their content, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache-Control of a file of the built portal (`path` may be a pre-compressed variant):
 * hashed assets for a year; HTML never stored, so a deployment is seen on the next load;
 * the unhashed files copied from public/ (boot.css, logos) revalidated on each use (ETag).
 */
export function cacheControlFor(path: string): string {
  if (path.includes('/assets/')) return IMMUTABLE;
  if (/\.html(?:\.br|\.gz)?$/u.test(path)) return 'no-store';
  return 'no-cache';
}

/**
 * Serves the built portal from `root`: one route per file, and for each the brotli or gzip
 * variant written at build time when the request accepts it (Vary: Accept-Encoding), also
 * for index.html sent by `reply.sendFile`.
 */
export async function registerPortalAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root, wildcard: false, index: false, cacheControl: false, preCompressed: true,
    // The variants are found beside their file; they need no routes of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, path) => { reply.header('cache-control', cacheControlFor(path)); },
  });
}
