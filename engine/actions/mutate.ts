import { api } from '../data/api-client.ts';
import { resolveAll, resolveBinding } from '../definitions/bindings.ts';
import type { ActionContext, Handler } from './action-environment.ts';

/**
 * A mutate body object: each value resolved; `"$form": true` merges the submitted form data
 * under the other keys: `{ "$form": true, "token": "{query.token}" }` → `{ ...form, token }`.
 */
function mutateBody(body: Record<string, unknown> | undefined, context: ActionContext): Record<string, unknown> {
  const { $form: withForm, ...rest } = body ?? {};
  return { ...(withForm === true ? context.form : {}), ...resolveAll(rest, context) };
}

/** The `mutate` action: POST, PATCH or DELETE a resolved path with a resolved body, then refresh the data. */
export const mutate: Handler = async (definition, context, env) => {
  const method = (definition.method as string | undefined) ?? 'POST';
  const path = String(resolveBinding(definition.path, context));
  const body =
    typeof definition.body === 'string'
      ? resolveBinding(definition.body, context)
      : mutateBody(definition.body as Record<string, unknown> | undefined, context);
  const result =
    method === 'DELETE' ? await api.delete(path, body) : method === 'PATCH' ? await api.patch(path, body) : await api.post(path, body);
  env.refresh();
  // The server may send the browser on (single sign-on hands off to the identity provider).
  const redirect = (result as { meta?: { redirect?: unknown } } | undefined)?.meta?.redirect;
  if (typeof redirect === 'string' && redirect.startsWith('/') && !redirect.startsWith('//')) {
    window.location.assign(redirect);
    return result;
  }
  if (definition.to !== undefined) {
    const created = (result as { data?: { attributes?: Record<string, unknown> } } | undefined)?.data?.attributes;
    env.navigate(String(resolveBinding(definition.to, created ? { ...context, result: created } : context)));
  }
  return result;
};
