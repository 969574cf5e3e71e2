import { api, ApiRequestError, type QueryParams } from '../data/api-client.ts';
import { resolveAll, resolveBinding, type BindingContext } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import type { ActionName } from '../registry/names.ts';
import { setPaymentMode, signIn, signOut } from '../session/store.ts';
import type { PaymentMode } from '../session/types.ts';

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
}

/**
 * Context an action sees: the screen's bindings plus what the caller adds (form data, selection,
 * and from a table the list's current filters and sort as query parameters, `list`).
 */
export type ActionContext = BindingContext & { form?: Record<string, unknown>; list?: QueryParams };

export type ActionOutcome = { ok: true; result?: unknown } | { ok: false; cancelled?: boolean; error?: ApiRequestError };

type Handler = (definition: ActionDefinition, context: ActionContext, env: ActionEnvironment) => Promise<unknown>;

/**
 * A mutate body object: each value resolved; `"$form": true` merges the submitted form data
 * under the other keys: `{ "$form": true, "token": "{query.token}" }` → `{ ...form, token }`.
 */
function mutateBody(body: Record<string, unknown> | undefined, context: ActionContext): Record<string, unknown> {
  const { $form: withForm, ...rest } = body ?? {};
  return { ...(withForm === true ? context.form : {}), ...resolveAll(rest, context) };
}

const handlers: Record<ActionName, Handler> = {
  async navigate(definition, context, env) {
    // "@landing" is where this user lands after signing in (per user type and role).
    const to = definition.to === '@landing' ? env.landingPath() : String(resolveBinding(definition.to, context));
    // spec §2 payment mode: set before going, so the payment flow reads where it was started from.
    if (definition.paymentMode) setPaymentMode(definition.paymentMode as PaymentMode);
    // "with": "selection" passes the table's selected rows, "record" the record on screen (as a selection of one).
    const selection = definition.with === 'selection' ? context.selection : definition.with === 'record' && context.record ? [context.record] : undefined;
    env.navigate(to, selection ? { selection } : undefined);
  },
  async mutate(definition, context, env) {
    const method = (definition.method as string | undefined) ?? 'POST';
    const path = String(resolveBinding(definition.path, context));
    const body = typeof definition.body === 'string' ? resolveBinding(definition.body, context) : mutateBody(definition.body as Record<string, unknown> | undefined, context);
    const result = method === 'DELETE' ? await api.delete(path, body) : method === 'PATCH' ? await api.patch(path, body) : await api.post(path, body);
    env.refresh();
    // The server may send the browser on (single sign-on hands off to the identity provider).
    const redirect = (result as { meta?: { redirect?: unknown } } | undefined)?.meta?.redirect;
    if (typeof redirect === 'string' && redirect.startsWith('/') && !redirect.startsWith('//')) {
      window.location.assign(redirect);
      return result;
    }
    if (definition.to !== undefined) env.navigate(String(resolveBinding(definition.to, context)));
    return result;
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
    env.navigate(env.landingPath());
  },
  async signOut(_definition, _context, env) {
    try { await signOut(); } finally { env.forgetData(); }
    env.navigate('/login');
  },
  async reload() {
    window.location.reload();
  },
};

interface ConfirmDefinition { title: string; message: string; confirmLabel?: string }

/**
 * `"retry": { "code": "errors.bankAccounts.autopayConflict", "confirm": {…}, "body": { "replace_autopay": true } }`:
 * when the call fails with `code`, ask (the message reads the error's meta, e.g. {{account}})
 * and, once confirmed, repeat it with `body` merged into an object body.
 */
interface RetryDefinition { code: string; confirm: ConfirmDefinition; body: Record<string, unknown> }

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
  definition: ActionDefinition, context: ActionContext, env: ActionEnvironment,
  options: { showsOwnErrors?: boolean } = {},
): Promise<ActionOutcome> {
  const confirm = definition.confirm as ConfirmDefinition | undefined;
  // A row action's question may name its row: the message reads the record's fields ({{username}}).
  if (confirm && !(await env.confirm(confirm.title, confirm.message, confirm.confirmLabel, context.record))) return { ok: false, cancelled: true };
  const handler = handlers[definition.do as ActionName];
  if (!handler) throw new Error(`Unknown action ${definition.do}`);
  try {
    const result = await handler(definition, context, env);
    if (definition.success) env.notify('success', String(definition.success));
    return { ok: true, result };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const retry = definition.retry as RetryDefinition | undefined;
    if (retry && error.code === retry.code) {
      const { title, message, confirmLabel } = retry.confirm;
      if (!(await env.confirm(title, message, confirmLabel, error.meta))) return { ok: false, cancelled: true };
      return runAction(retried(definition, retry), context, env, options);
    }
    // A form shows the error beside its fields; a toast as well would say it twice.
    if (!options.showsOwnErrors) env.notify('error', definition.failure ? String(definition.failure) : error.code, error.meta);
    return { ok: false, error };
  }
}
