import { ApiRequestError, type QueryParams } from '../data/api-client.ts';
import { resolveBinding, type BindingContext } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import type { Translate } from '../i18n/use-text.ts';
import type { ActionName } from '../registry/names.ts';
import { selectMerchant, setPaymentMode, signIn, signOut } from '../session/store.ts';
import type { PaymentMode } from '../session/types.ts';
import { safeReturnPath } from '../../domain/return-path.ts';

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

const handlers: Record<ActionName, Handler> = {
  async navigate(definition, context, env) {
    // "@landing" is where this user lands after signing in (per user type and role).
    const to = definition.to === '@landing' ? env.landingPath() : String(resolveBinding(definition.to, context));
    // spec §2 payment mode: set before going, so the payment flow reads where it was started from.
    if (definition.paymentMode) setPaymentMode(definition.paymentMode as PaymentMode);
    // A roll-up's drill-down (spec §4): the session's merchant first ("" for all of the user's merchants).
    if (definition.merchant !== undefined) {
      const merchant = String(resolveBinding(definition.merchant, context) ?? '');
      if (!(await selectMerchant(merchant === '' ? null : merchant))) {
        env.notify('error', 'errors.session.unableToSetActiveMerchant');
        return;
      }
    }
    // "with": "selection" passes the table's selected rows, "record" the record on screen (as a selection of one).
    const selection =
      definition.with === 'selection' ? context.selection : definition.with === 'record' && context.record ? [context.record] : undefined;
    env.navigate(to, selection ? { selection } : undefined);
  },
  // The signed-in actions load with their first use (mutate.ts): the sign-in page only signs in (the /login budget).
  async mutate(definition, context, env) {
    return (await import('./mutate.ts')).mutate(definition, context, env);
  },
  async download(definition, context, env) {
    // Its own small chunk: the sign-in pages, which share this runner, never download (the /login budget).
    const { runDownload } = await import('./download.ts');
    await runDownload(definition, context, env);
  },
  async toast(definition, _context, env) {
    env.notify('info', String(definition.message));
  },
  async signIn(_definition, context, env) {
    const form = context.form ?? {};
    await signIn(String(form.username ?? ''), String(form.password ?? ''));
    env.forgetData();
    // Back to the page that sent the user here (issue 26 defect 3), only ever a path of the portal.
    env.navigate(safeReturnPath(context.query.next) ?? env.landingPath());
  },
  async signOut(_definition, _context, env) {
    try {
      await signOut();
    } finally {
      env.forgetData();
    }
    env.navigate('/login');
  },
  async reload() {
    window.location.reload();
  },
  // In the dialogs' chunk: few screens reveal anything.
  async reveal(definition, context, env) {
    return (await env.dialogs()).reveal(definition, context, env);
  },
};

/** `form`: a form of screens/forms/ in the dialog, whose data the action's body takes as `$form`. */
export interface ConfirmDefinition {
  title: string;
  message: string;
  confirmLabel?: string;
  form?: string;
}

/**
 * `"retry": { "code": "errors.bankAccounts.autopayConflict", "confirm": {…}, "body": { "replace_autopay": true } }`:
 * when the call fails with `code`, ask (the message reads the error's meta, e.g. {{account}})
 * and, once confirmed, repeat it with `body` merged into an object body.
 */
interface RetryDefinition {
  code: string;
  confirm: ConfirmDefinition;
  body: Record<string, unknown>;
}

/** The definition a confirmed retry runs: its body extended, asked and retried no more. */
function retried(definition: ActionDefinition, retry: RetryDefinition): ActionDefinition {
  const { confirm: _asked, retry: _done, ...rest } = definition;
  return { ...rest, body: { ...(definition.body as Record<string, unknown> | undefined), ...retry.body } };
}

/**
 * Runs one action definition: asks for confirmation when it says so, shows its success or
 * failure toast (unless the caller shows errors itself), and reports the outcome (errors keep their i18n code for the caller).
 */
export async function runAction(
  definition: ActionDefinition,
  context: ActionContext,
  env: ActionEnvironment,
  options: { showsOwnErrors?: boolean } = {},
): Promise<ActionOutcome> {
  const confirm = definition.confirm as ConfirmDefinition | undefined;
  // With a form, the dialogs ask (action-dialogs.tsx); a row's question names the row ("Terminate {{card_name}}?").
  const asked = !confirm
    ? context
    : confirm.form
      ? await (await env.dialogs()).confirmWithForm(confirm, context)
      : (await env.confirm(confirm.title, confirm.message, confirm.confirmLabel, context.record))
        ? context
        : null;
  if (!asked) return { ok: false, cancelled: true };
  const handler = handlers[definition.do as ActionName];
  if (!handler) throw new Error(`Unknown action ${definition.do}`);
  try {
    const result = await handler(definition, asked, env);
    if (result === CANCELLED) return { ok: false, cancelled: true };
    // A notice the server sent with its 2xx (spec §4: a resubmit answers 202 "still processing") replaces the success toast.
    const notice = (result as { meta?: { code?: unknown } } | undefined)?.meta?.code;
    if (typeof notice === 'string') env.notify('info', notice);
    else if (definition.success) env.notify('success', String(definition.success));
    return { ok: true, result };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const retry = definition.retry as RetryDefinition | undefined;
    if (retry && error.code === retry.code) {
      const { title, message, confirmLabel } = retry.confirm;
      if (!(await env.confirm(title, message, confirmLabel, error.meta))) return { ok: false, cancelled: true };
      return runAction(retried(definition, retry), asked, env, options);
    }
    // A form shows the error beside its fields; a toast as well would say it twice.
    if (!options.showsOwnErrors) env.notify('error', definition.failure ? String(definition.failure) : error.code, error.meta);
    return { ok: false, error };
  }
}
