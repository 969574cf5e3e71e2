import { useState } from 'react';
import { useActionRunner } from '../../actions/use-action-runner.ts';
import type { ActionDefinition } from '../../definitions/types.ts';
import { ERRORS_NAMESPACE } from '../../i18n/i18n.ts';
import { useTexts } from '../../i18n/use-text.ts';

/** A failed submit: the API's error code and values, and the submit's own `failure` key as a title. */
export interface SubmitError { code: string; meta: Record<string, unknown>; summary?: string }

/**
 * Submitting a form, whichever renders it: runs the node's submit action with `{ form: data }`,
 * is busy meanwhile, and keeps a failure to show above the button (the form shows its own errors,
 * so no toast says it twice).
 */
export function useFormSubmit(submit: ActionDefinition) {
  const run = useActionRunner({ showsOwnErrors: true });
  const texts = useTexts();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);

  /** Runs the submit action; true when it succeeded. */
  async function send(formData: Record<string, unknown>): Promise<boolean> {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const outcome = await run(submit, { form: formData });
      if (!outcome.ok && outcome.error) {
        // Its message is an `errors` key, which a sign-in page may not have loaded yet (FlatForm).
        await texts.ready([ERRORS_NAMESPACE])?.catch(() => undefined);
        setSubmitError({ code: outcome.error.code, meta: outcome.error.meta, ...(submit.failure ? { summary: String(submit.failure) } : {}) });
      }
      return outcome.ok;
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, submitError, send };
}
