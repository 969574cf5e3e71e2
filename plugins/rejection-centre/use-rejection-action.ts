import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiRequestError, type JsonApiDocument } from '../../engine/data/api-client.ts';
import { invalidateResources } from '../../engine/data/queries.ts';
import type { Corrections } from './contract.ts';

/** What the program answered: done, still processing past the deadline (spec §4), or an error with its i18n code. */
export type ActionResult = { kind: 'done' } | { kind: 'processing'; code: string } | { kind: 'failed'; error: ApiRequestError };

/**
 * POST /rejections/resubmit or /rejections/cancel for one rejection, one request at a time.
 * Every outcome makes the cached reads stale: a refusal of the program (invoice not found, no
 * access) has made the rejection active again.
 */
export function useRejectionAction() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(
    async (action: 'resubmit' | 'cancel', rejectionId: number, corrections?: Corrections): Promise<ActionResult | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      try {
        const body = { rejection_ids: [rejectionId], ...(corrections && Object.keys(corrections).length ? { corrections } : {}) };
        const document = await api.post<JsonApiDocument<unknown> & { meta?: { code?: string } }>(`/rejections/${action}`, body);
        return document?.meta?.code ? { kind: 'processing', code: document.meta.code } : { kind: 'done' };
      } catch (error) {
        return {
          kind: 'failed',
          error: error instanceof ApiRequestError ? error : new ApiRequestError(0, 'errors.connection.unableToContactServer', []),
        };
      } finally {
        inFlight.current = false;
        setBusy(false);
        void invalidateResources(queryClient);
      }
    },
    [queryClient],
  );
  return { busy, run };
}
