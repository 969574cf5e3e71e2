import type { ApiRequestError, QueryParams } from '../data/api-client.ts';
import type { BindingContext } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import type { Translate } from '../i18n/use-text.ts';

// What an action sees and may do, apart from the runner (run-action.ts): the handlers and dialogs
// it loads lazily read these, and importing the runner for them would close import cycles.

/** What an action may do to the page; the shell provides it (useActionRunner). */
export interface ActionEnvironment {
  navigate(to: string, state?: unknown): void;
  notify(kind: 'success' | 'error' | 'info', messageKey: string, values?: Record<string, unknown>): void;
  /** `values` fill the message's placeholders (a retry's confirmation reads the error's meta). */
  confirm(title: string, message: string, confirmLabel?: string, values?: Record<string, unknown>): Promise<boolean>;
  /** The program's data changed: every cached read is stale (data/queries.ts invalidateResources). */
  refresh(): void;
  /** Another user (or none) from now on: drops every cached read, so nothing of the last one shows. */
  forgetData(): void;
  /** Where a user lands after signing in (per user type). */
  landingPath(): string;
  /** The dialogs holding a form or a secret (action-dialogs.tsx), loaded with their first use. */
  dialogs(): Promise<ActionDialogs>;
}

/** The dialogs with the screen's translator and bindings (action-dialogs.tsx dialogsFor). */
export type ActionDialogsFactory = (t: Translate, bindings: BindingContext) => ActionDialogs;

/** What an action may show in a dialog of its own. */
export interface ActionDialogs {
  /** Asks `confirm.form` in the confirmation: the context with the form's data, or null when cancelled. */
  confirmWithForm(confirm: ConfirmDefinition, context: ActionContext): Promise<ActionContext | null>;
  /** Asks with a form of screens/forms/: its data, or null when cancelled. */
  askForm(request: FormDialogRequest): Promise<Record<string, unknown> | null>;
  /** Shows a secret until `expiresAt`, then hides it. */
  showSecret(request: SecretDialogRequest): void;
  /** The reveal action (reveal.ts): re-authentication when asked for, then the secret for its time. */
  reveal(definition: ActionDefinition, context: ActionContext, env: ActionEnvironment): Promise<unknown>;
}

/** A dialog holding a form (`confirm.form`, a reveal's re-authentication). */
export interface FormDialogRequest {
  form: string;
  title: string;
  message?: string | undefined;
  values?: Record<string, unknown> | undefined;
  confirmLabel?: string | undefined;
  /** Runs on submit; a failure shows in the dialog, which answers only after a success. */
  send?: (data: Record<string, unknown>) => Promise<ActionOutcome>;
}

/** A secret to show for a limited time: handed over once through `take`, never kept. */
export interface SecretDialogRequest {
  title: string;
  label: string;
  /** With {{time}}, when it hides. */
  message?: string | undefined;
  /** Shown once the time is up. */
  hidden: string;
  expiresAt: number;
  take(): string | null;
}

/** What a handler returns when the user declined a question it asked (a dialog's form): nothing was done. */
export const CANCELLED = Symbol('cancelled');

/**
 * Context an action sees: the screen's bindings plus what the caller adds (form data, selection,
 * and from a table the list's current filters and sort as query parameters, `list`).
 */
export type ActionContext = BindingContext & { form?: Record<string, unknown>; list?: QueryParams };

export type ActionOutcome = { ok: true; result?: unknown } | { ok: false; cancelled?: boolean; error?: ApiRequestError };

export type Handler = (definition: ActionDefinition, context: ActionContext, env: ActionEnvironment) => Promise<unknown>;

/** `form`: a form of screens/forms/ in the dialog, whose data the action's body takes as `$form`. */
export interface ConfirmDefinition {
  title: string;
  message: string;
  confirmLabel?: string;
  form?: string;
}
