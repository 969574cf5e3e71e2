import { conditionHolds } from '../../common/conditions.ts';

/**
 * The small, typed context bindings read from: `{customer.buidCustomer}`, `{route.status}`.
 * Plain path look-ups, no expressions.
 */
export interface BindingContext {
  session: Record<string, unknown>;
  customer: Record<string, unknown> | null;
  merchant: Record<string, unknown> | null;
  route: Record<string, string | undefined>;
  query: Record<string, string>;
  selection: unknown[];
  tenant: Record<string, unknown>;
  /** The row or record a widget renders (table rows, detail records). */
  record?: Record<string, unknown>;
  /** The attributes of the resource a `mutate` answered with, for its `to` ("/merchant-invoices/{result.trx_id}/edit"). */
  result?: Record<string, unknown>;
  /** The tenant's feature flags, with the spec §5 twin rule applied (`{ "flags.multi_currency_enabled": true }`). */
  flags?: Record<string, boolean>;
}

/**
 * A path look-up; over an array a name that is not an index (nor `length`) maps the array:
 * lookup({ selection: [{ trxId: 'T-1' }, { trxId: 'T-2' }] }, 'selection.trxId') → ['T-1', 'T-2'].
 */
export function lookup(context: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (Array.isArray(value) && !/^\d+$/.test(key) && key !== 'length')
      return value.map((item: unknown) => (item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined));
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }, context);
}

const WHOLE_BINDING = /^\{([A-Za-z_][\w.]*)\}$/;
const BINDING = /\{([A-Za-z_][\w.]*)\}/g;

const encodeValue = (value: unknown) => (value === undefined || value === null ? '' : encodeURIComponent(String(value)));

/**
 * resolveBinding('{route.status}', ctx) returns the value itself (any type);
 * resolveBinding('/invoice/{record.trxId}', ctx) interpolates into a string ('' for missing values);
 * an array interpolates comma-separated: '/dispute/create?invoiceIds={selection.trxId}' → '…?invoiceIds=T-1,T-2'.
 */
export function resolveBinding(template: unknown, context: BindingContext): unknown {
  if (typeof template !== 'string') return template;
  const whole = WHOLE_BINDING.exec(template);
  if (whole) return lookup(context, whole[1]!);
  return template.replace(BINDING, (_match, path: string) => {
    const value = lookup(context, path);
    return Array.isArray(value)
      ? value
          .filter((item) => item !== undefined && item !== null)
          .map(encodeValue)
          .join(',')
      : encodeValue(value);
  });
}

/** Resolves every binding in an object of parameters (filters, bodies). */
export function resolveAll(values: Record<string, unknown> | undefined, context: BindingContext): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, resolveBinding(value, context)]));
}

/**
 * A form's initial values, resolved at every depth: a stepped form's values sit in an object per
 * step (`{ "company": { "company_name": "{customer.customerName}" } }`), lists in arrays.
 */
export function resolveNested(values: Record<string, unknown> | undefined, context: BindingContext): Record<string, unknown> {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value !== null && typeof value === 'object') return resolveNested(value as Record<string, unknown>, context);
    return resolveBinding(value, context);
  };
  return Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, resolve(value)]));
}

/**
 * A filter or query parameter value of a source: a constant, a binding, or a conditional value
 * `{ "value": "{session.selectedCurrency}", "when": { "flags.multi_currency_enabled": true } }`
 * that is sent only when its query matches (else its `otherwise`, when it has one, resolved the same way). Arrays are sent comma-separated ("C-1,C-2");
 * undefined, null and '' are not sent.
 */
export function resolveQueryValue(value: unknown, context: BindingContext): string | undefined {
  const chosen = chosenQueryValue(value, context);
  if (chosen === undefined) return undefined;
  let resolved = resolveBinding(chosen, context);
  if (Array.isArray(resolved)) resolved = resolved.filter((item) => item !== undefined && item !== null && item !== '').join(',');
  if (typeof resolved === 'number' || typeof resolved === 'boolean') return String(resolved);
  return typeof resolved === 'string' && resolved !== '' ? resolved : undefined;
}

/**
 * The branch of a parameter value that is sent, its bindings not yet resolved: a conditional
 * value's `value` when its query matches, else its `otherwise` chosen the same way, else nothing.
 */
export function chosenQueryValue(value: unknown, context: BindingContext): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('value' in value)) return value;
  const conditional = value as { value: unknown; when?: Record<string, unknown>; otherwise?: unknown };
  if (!conditional.when || conditionHolds(conditional.when, context)) return conditional.value;
  // `otherwise` may itself be conditional: { value: '{query.currency}', when: …, otherwise: { value: '{session.selectedCurrency}', when: … } }.
  return conditional.otherwise === undefined ? undefined : chosenQueryValue(conditional.otherwise, context);
}

/** resolveQueryValue over an object of parameters, leaving out those not sent. */
export function resolveQueryValues(values: Record<string, unknown> | undefined, context: BindingContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const resolved = resolveQueryValue(value, context);
    if (resolved !== undefined) out[key] = resolved;
  }
  return out;
}
