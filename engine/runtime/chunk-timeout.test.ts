import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, isChunkFailure, withChunkTimeout } from './chunk-timeout.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the chunk-loading timeout (spec §9: 120 seconds)', () => {
  it('is 120 seconds', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('gives up on a chunk that has not arrived after 120 seconds, not a moment before', async () => {
    const never = new Promise<never>(() => undefined);
    const loading = withChunkTimeout(never);
    let outcome: unknown = 'pending';
    loading.then(
      (value) => {
        outcome = value;
      },
      (error: unknown) => {
        outcome = error;
      },
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkTimeoutError);
    expect(isChunkFailure(outcome)).toBe(true);
  });

  it('passes on a chunk that arrives in time, and leaves no timer behind', async () => {
    const chunk = new Promise<string>((resolve) => setTimeout(() => resolve('module'), 119_000));
    const loading = withChunkTimeout(chunk);
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(loading).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes on a chunk that fails, as it failed', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(withChunkTimeout(Promise.reject(failure))).rejects.toBe(failure);
    expect(isChunkFailure(failure)).toBe(true);
  });

  it('tells a chunk failure from any other error (which keeps "Oops, something went wrong")', () => {
    expect(isChunkFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkFailure('text')).toBe(false);
  });
});
