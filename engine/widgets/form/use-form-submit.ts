import { useState } from 'react';
import type { ActionOutcome } from '../../actions/action-environment.ts';
import { ERRORS_NAMESPACE } from '../../i18n/i18n.ts';
import { useTexts } from '../../i18n/use-text.ts';

/** A failed submit: the API's error code and values, and the submit's own `failure` key as a title. */
export interface SubmitError {
  code: string;
  meta: Record<string, unknown>;
  summary?: string;
}

/** What submitting a form does with its data: the form widget runs its submit action, a dialog answers its question. */
export type FormSubmitter = (data: Record<string, unknown>) => Promise<ActionOutcome>;

/**
 * Submitting a form, whichever renders it: hands the data to `submitter` (the node's submit
 * action, or a dialog's answer), is busy meanwhile, and keeps a failure to show above the button
 * (the form shows its own errors, so no toast says it twice). `failure` titles that message.
 */
export function useFormSubmit(submitter: FormSubmitter, failure?: unknown) {
  const texts = useTexts();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);

  /** Runs the submit action; true when it succeeded. */
  async function send(formData: Record<string, unknown>): Promise<boolean> {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const outcome = await submitter(formData);
      if (!outcome.ok && outcome.error) {
        // Its message is an `errors` key, which a sign-in page may not have loaded yet (FlatForm).
        await texts.ready([ERRORS_NAMESPACE])?.catch(() => undefined);
        setSubmitError({ code: outcome.error.code, meta: outcome.error.meta, ...(failure ? { summary: String(failure) } : {}) });
      }
      return outcome.ok;
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, submitError, send };
}
