import { conditionHolds } from '../../../common/conditions.ts';
import type { ActionDefinition } from '../../definitions/types.ts';
import type { FormProps as FormNodeProps } from './form.contract.ts';
import type { FormDefinition } from './form-definition.ts';
import type { UnsavedTracking } from './unsaved-form.ts';
import type { FormSubmitter } from './use-form-submit.ts';

// Apart from FormWidget.tsx: the renderers it loads lazily read these, and importing the widget
// for them would close an import cycle.

/**
 * `{ "widget": "form", "form": "login", "submit": { "do": "signIn", "label": "auth.login.submit" }, "initial"?: {…} }`:
 * the node as its contract (form.contract.ts) declares it (hidden fields, narrowed options, a record to edit, a cancel button).
 */
export type FormNode = FormNodeProps;

/**
 * The choices narrowed by `limitOptions` whose `when` holds over `bindings` (an edit form adds
 * its record as {record.*}: a billed invoice is offered the billed statuses). Of several limits
 * of a field, the first that holds.
 */
export function limitedOptions(limitOptions: FormNode['limitOptions'], bindings: object): Record<string, readonly unknown[]> {
  return Object.fromEntries(
    Object.entries(limitOptions ?? {}).flatMap(([field, limits]) => {
      // Several limits: the first whose `when` holds.
      const limit = [limits].flat().find(({ when }) => conditionHolds(when, bindings));
      return limit ? [[field, limit.only]] : [];
    }),
  );
}

/** What either renderer receives. */
export interface FormProps {
  name: string;
  definition: FormDefinition;
  submit: ActionDefinition;
  initialData: Record<string, unknown>;
  /** Fields not shown; they keep their initial or default value. */
  hidden: readonly string[];
  /** Choices offering only these options (by field); the schema and its compiled validator stay as they are. */
  onlyOptions?: Readonly<Record<string, readonly unknown[]>>;
  /** What submitting does with the data (the form widget: run `submit` with `{ form: data }`). */
  onSubmit: FormSubmitter;
  /**
   * A dialog's form: a choice of labelled constants (oneOf) starts empty, not at its first
   * option, so a termination reason is chosen, never taken by default.
   */
  choicesStartEmpty?: boolean;
  /** The node's `cancel`: its label and what clicking it does. */
  cancel?: { label: string; run(): void };
  /** spec §2: where to report unsaved changes (a form editing a record, EditForm, gives one). */
  unsaved?: UnsavedTracking;
}
