import { api, apiRequest, ApiRequestError } from '../data/api-client.ts';
import { log } from '../logging/logger.ts';
import { lookup, resolveAll } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import { CANCELLED, type ActionContext, type ActionEnvironment, type ActionOutcome } from './action-environment.ts';

/**
 * `{ "do": "reveal", "path": "/ecaas/cards/view-secure", "body": { "card_id": "{record.card_id}" },
 *    "secret": "data.attributes.card_number", "expires": "meta.card_secure_until",
 *    "title": …, "secretLabel": …, "message": …, "hidden": …,
 *    "reauth": { "when": { "reauth_required": true }, "form": "card-reauth", "path": "/ecaas/cards/secure-access", "title": …, "message": … } }`
 */
export interface RevealDefinition {
  path: string;
  body?: Record<string, unknown>;
  /** Path of the secret in the response document. */
  secret: string;
  /** Path of the instant (ISO) in the response document until which it may show. */
  expires: string;
  title: string;
  secretLabel: string;
  message?: string;
  hidden: string;
  /** When the call is refused with an error whose meta matches `when`, ask `form` and send it to `path`, then call again. */
  reauth: { when: Record<string, unknown>; form: string; path: string; title: string; message?: string; confirmLabel?: string };
}

/** A refusal that says the user must re-authenticate first: every `when` entry equals the error's meta value. */
export function needsReauth(error: unknown, when: Record<string, unknown>): boolean {
  return error instanceof ApiRequestError && Object.entries(when).every(([key, value]) => error.meta[key] === value);
}

const outcomeOf = async (call: () => Promise<unknown>): Promise<ActionOutcome> => {
  try {
    return { ok: true, result: await call() };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false, error };
    throw error;
  }
};

/**
 * spec §6: fetch a secret (the full card number) that needs a fresh password: when the server
 * says so, ask for the password in a dialog (a wrong one is refused inside it), then fetch again,
 * and show the secret until the response's expiry. The secret goes straight from the response to
 * the dialog: no query cache, no store, no log line holds it (api-client logs method, path and code only).
 */
export async function runReveal(
  action: ActionDefinition,
  context: ActionContext,
  env: ActionEnvironment,
): Promise<typeof CANCELLED | undefined> {
  const definition = action as unknown as RevealDefinition;
  const body = resolveAll(definition.body, context);
  const fetchSecret = (logFailures = true) =>
    apiRequest<Record<string, unknown>>('POST', definition.path, body, undefined, {}, logFailures);
  let document: Record<string, unknown>;
  try {
    // The first try expects the re-authentication refusal: only other failures are logged (spec §7).
    document = await fetchSecret(false);
  } catch (error) {
    if (!needsReauth(error, definition.reauth.when)) {
      if (error instanceof ApiRequestError)
        log('error', `POST ${definition.path}: ${error.status} ${error.code}`, {
          method: 'POST',
          url: definition.path,
          status: error.status,
          code: error.code,
        });
      throw error;
    }
    const { form, path, title, message, confirmLabel } = definition.reauth;
    const answer = await (await env.dialogs()).askForm({
      form,
      title,
      message,
      confirmLabel,
      send: (data) => outcomeOf(() => api.post(path, data)),
    });
    if (!answer) return CANCELLED;
    document = await fetchSecret();
  }
  let secret: string | null = String(lookup(document, definition.secret) ?? '');
  const expiresAt = Date.parse(String(lookup(document, definition.expires) ?? ''));
  (await env.dialogs()).showSecret({
    title: definition.title,
    label: definition.secretLabel,
    hidden: definition.hidden,
    message: definition.message,
    expiresAt: Number.isNaN(expiresAt) ? Date.now() : expiresAt,
    take: () => {
      const value = secret;
      secret = null;
      return value;
    },
  });
  return undefined;
}
