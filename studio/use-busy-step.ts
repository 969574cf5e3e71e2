import { useCallback, useState } from 'react';

/**
 * What a studio panel keeps around a request the operator starts: busy while it runs (its
 * button shows so and takes no second click), and its failure to show, cleared when the next
 * one starts. `run` does not throw: a failure is in `error`.
 */
export function useBusyStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (step: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
