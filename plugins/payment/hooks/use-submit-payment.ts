import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiRequestError, type JsonApiDocument, type ResourceObject } from '../../../engine/data/api-client.ts';
import { invalidateResources } from '../../../engine/data/queries.ts';
import type { PaymentAttributes, PaymentBody } from '../contract.ts';

/** 32 hex digits from the platform's random source (also outside secure contexts, unlike randomUUID). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SubmitState {
  submitting: boolean;
  error: ApiRequestError | undefined;
}
/** What one press of Pay did; neither when a request was already under way. */
export interface SubmitOutcome {
  payment?: PaymentAttributes;
  error?: ApiRequestError;
}

/**
 * POST /payments with an Idempotency-Key per review: the same body keeps its key, so a double
 * click, a retry after a failure or a lost response can never pay twice (the server answers the
 * first result); a different body gets a fresh key. One request at a time. A payment taken makes
 * every cached read stale (invoices, totals, figures move).
 */
export function useSubmitPayment(): SubmitState & { submit(body: PaymentBody): Promise<SubmitOutcome> } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SubmitState>({ submitting: false, error: undefined });
  const inFlight = useRef(false);
  const last = useRef<{ body: string; key: string } | null>(null);

  const submit = useCallback(
    async (body: PaymentBody): Promise<SubmitOutcome> => {
      if (inFlight.current) return {};
      inFlight.current = true;
      const serialised = JSON.stringify(body);
      if (last.current?.body !== serialised) last.current = { body: serialised, key: newIdempotencyKey() };
      setState({ submitting: true, error: undefined });
      let outcome: SubmitOutcome;
      try {
        const document = await api.post<JsonApiDocument<ResourceObject<PaymentAttributes>>>('/payments', body, {
          'idempotency-key': last.current.key,
        });
        outcome = { payment: document.data.attributes };
        void invalidateResources(queryClient);
      } catch (error) {
        // apiRequest turns every failure, the network's too, into an ApiRequestError with an i18n code.
        outcome = { error: error instanceof ApiRequestError ? error : new ApiRequestError(0, 'errors.payments.notProcessed', []) };
      } finally {
        inFlight.current = false;
      }
      setState({ submitting: false, error: outcome.error });
      return outcome;
    },
    [queryClient],
  );
  return { ...state, submit };
}
