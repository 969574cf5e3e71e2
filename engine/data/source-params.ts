/**
 * A definition's data source and the request parameters it sends, apart from TanStack Query's
 * code (use-resource.ts): the download action, on the sign-in pages' action runner, sends them
 * without loading the query cache.
 */
import { resolveQueryValues, type BindingContext } from '../definitions/bindings.ts';
import type { QueryParams } from './api-client.ts';

/**
 * Wider than the screen schema's `source` part (registry/schema-parts.ts, which a definition's source is held to):
 * plugins build sources at run time whose filter values are arrays and nulls (the payment flow's selected invoices),
 * so this type is the reader's, not derived from the part.
 */
export interface SourceDefinition {
  resource: string;
  filter?: Record<string, unknown>;
  params?: Record<string, unknown>;
  single?: boolean;
}

/**
 * filter: { buid_customer: '{customer.buidCustomer}' } → { 'filter[buid_customer]': 'C-1' }
 * (conditional values and arrays as resolveQueryValue says).
 */
export function sourceParams(source: SourceDefinition, bindings: BindingContext): QueryParams {
  const filters = resolveQueryValues(source.filter, bindings);
  return {
    ...Object.fromEntries(Object.entries(filters).map(([key, value]) => [`filter[${key}]`, value])),
    ...resolveQueryValues(source.params, bindings),
  };
}
