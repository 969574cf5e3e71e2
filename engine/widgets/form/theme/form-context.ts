import type { SubmitError } from '../use-form-submit.ts';

/** What the form widget hands the theme through RJSF's `formContext`. */
export interface PortalFormContext {
  /** i18n key of the submit button (the node's `submit.label`). */
  submitLabel: string;
  /** The submit action is running: the button shows loading and is disabled. */
  submitting: boolean;
  /** The failed submit's error, translated above the button. */
  submitError: SubmitError | null;
  /**
   * A stepped form (root `"ui:options": { "steps": true }`): each top-level object is one step,
   * shown alone; the button reads "Next" until the last step, which submits.
   */
  steps?: { current: number; count: number; back(): void };
  /** The form node's `cancel`, shown beside the submit button. */
  cancel?: { label: string; run(): void };
}
