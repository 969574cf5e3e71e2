import { guard } from '@ucast/mongo2js';
import type { PortalAbility } from '../../domain/policy.ts';
import type { Conditional } from './types.ts';

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
}

export function lookup(context: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), context);
}

const WHOLE_BINDING = /^\{([A-Za-z_][\w.]*)\}$/;
const BINDING = /\{([A-Za-z_][\w.]*)\}/g;

/**
 * resolveBinding('{route.status}', ctx) returns the value itself (any type);
 * resolveBinding('/invoice/{record.trxId}', ctx) interpolates into a string ('' for missing values).
 */
export function resolveBinding(template: unknown, context: BindingContext): unknown {
  if (typeof template !== 'string') return template;
  const whole = WHOLE_BINDING.exec(template);
  if (whole) return lookup(context, whole[1]!);
  return template.replace(BINDING, (_match, path: string) => {
    const value = lookup(context, path);
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}

/** Resolves every binding in an object of parameters (filters, bodies). */
export function resolveAll(values: Record<string, unknown> | undefined, context: BindingContext): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, resolveBinding(value, context)]));
}

const compiledConditions = new WeakMap<object, (value: object) => boolean>();

/** A node shows when the policy allows its `can` and its `when` query matches the context. */
export function isVisible(node: Conditional, ability: PortalAbility, context: BindingContext): boolean {
  if (node.can && !ability.can(node.can[0], node.can[1])) return false;
  if (node.when) {
    let test = compiledConditions.get(node.when);
    if (!test) {
      test = guard(node.when) as (value: object) => boolean;
      compiledConditions.set(node.when, test);
    }
    if (!test(context)) return false;
  }
  return true;
}
