import { ApiRequestError } from '../data/api-client.ts';
import { resolveBinding } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import type { ActionName } from '../registry/names.ts';
import { selectMerchant, setPaymentMode, signIn, signOut } from '../session/store.ts';
import type { PaymentMode } from '../session/types.ts';
import { safeReturnPath } from '../../domain/return-path.ts';
import {
  CANCELLED,
  type ActionContext,
  type ActionEnvironment,
  type ActionOutcome,
  type ConfirmDefinition,
  type Handler,
} from './action-environment.ts';

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
