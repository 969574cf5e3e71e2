/**
 * spec §9: loading a chunk of the portal (a screen's definition, a widget, a plugin, the signed-in
 * frame) gives up after 120 seconds. A chunk that never arrives would otherwise leave a spinner
 * for ever; given up, the route's error page offers to try again (shell/ErrorPage.tsx).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk did not arrive in time. */
export class ChunkTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`A part of the portal did not load within ${timeoutMs / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/** `load`, or a ChunkTimeoutError once `timeoutMs` passed first. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** React.lazy under the chunk timeout. */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own, so any component's props pass through unchanged.
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => withChunkTimeout(load()));
}

/**
 * Whether an error is a chunk that did not load (timed out, or the browser's own failure of a
 * dynamic import: the network dropped, or a deployment replaced the files), which a retry may mend.
 */
export function isChunkFailure(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(message);
}
