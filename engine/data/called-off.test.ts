import { CancelledError } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError, CONNECTION_ERROR } from './api-client.ts';
import { isCalledOff } from './queries.ts';
import { asApiError } from './use-resource.ts';
import { configureLogger } from '../logging/logger.ts';
import { watchPageLeaving } from '../runtime/page-leaving.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Issue 13 item 10: "Unable to contact server" showed beside a successful upload though no request had failed. */
describe('a read called off is no failure', () => {
  it("an aborted fetch stays an abort, whatever the abort's reason, and is not logged as a connection failure", async () => {
    const controller = new AbortController();
    // A fetch aborted with a reason rejects with that reason, not with an AbortError.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort(new Error('replaced'));
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('GET', '/invoices', undefined, controller.signal).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).not.toBe(CONNECTION_ERROR);
  });

  it('a network failure of a live request is still "Unable to contact server"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('GET', '/invoices', undefined, new AbortController().signal).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe(CONNECTION_ERROR);
  });

  it('shows no error for an aborted fetch or a cancelled query; other failures keep their text', () => {
    expect(isCalledOff(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isCalledOff(new CancelledError())).toBe(true);
    expect(asApiError(new DOMException('The operation was aborted.', 'AbortError'))).toBeUndefined();
    expect(asApiError(new CancelledError({ revert: true }))).toBeUndefined();
    expect(asApiError(new TypeError('x'))?.code).toBe(CONNECTION_ERROR);
    const refused = new ApiRequestError(404, 'errors.request.notFound', []);
    expect(asApiError(refused)).toBe(refused);
  });
});

describe('a request the browser cancels as the page goes', () => {
  it('is not logged; the same failure before the page goes is, and again once the page is back', async () => {
    const page = new EventTarget();
    watchPageLeaving(page);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    configureLogger({ level: 'error' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const read = () => apiRequest('GET', '/invoices').catch((caught: unknown) => caught);
    try {
      expect(await read()).toBeInstanceOf(ApiRequestError);
      expect(logged).toHaveBeenCalledTimes(1);
      page.dispatchEvent(new Event('pagehide'));
      expect(await read()).toBeInstanceOf(ApiRequestError);
      expect(logged).toHaveBeenCalledTimes(1);
      page.dispatchEvent(new Event('pageshow'));
      await read();
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      // The flag is the module's: a failure above must not leave the page "leaving" for other tests.
      page.dispatchEvent(new Event('pageshow'));
      logged.mockRestore();
    }
  });
});
