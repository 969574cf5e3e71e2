import { useEffect, useState } from 'react';
import { resolveBinding, resolveQueryValues, type BindingContext } from '../definitions/bindings.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { api, ApiRequestError, type QueryParams } from './api-client.ts';

export interface SourceDefinition {
  resource: string;
  filter?: Record<string, unknown>;
  params?: Record<string, unknown>;
  single?: boolean;
}

export interface ResourceState<T> {
  data: T | undefined;
  meta: Record<string, unknown> | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
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

/**
 * Fetches a definition's source with its bindings resolved; refetches when they change or
 * after a mutation (refreshKey). `single` sources yield the first resource's attributes.
 */
export function useResource<T = Record<string, unknown>>(source: SourceDefinition): ResourceState<T> {
  const { bindings, refreshKey } = useScreen();
  const path = String(resolveBinding(source.resource, bindings));
  const params = sourceParams(source, bindings);
  const key = `${path}?${JSON.stringify(params)}|${refreshKey}`;
  const [state, setState] = useState<ResourceState<T>>({ data: undefined, meta: undefined, error: undefined, loading: true });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    api.get<{ data: unknown; meta?: Record<string, unknown> }>(path, params, controller.signal).then((document) => {
      const data = source.single
        ? (Array.isArray(document.data) ? (document.data[0] as { attributes?: unknown } | undefined)?.attributes : (document.data as { attributes?: unknown }).attributes)
        : document.data;
      setState({ data: data as T, meta: document.meta, error: undefined, loading: false });
    }).catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      setState({ data: undefined, meta: undefined, error: error instanceof ApiRequestError ? error : new ApiRequestError(0, 'errors.connection.unableToContactServer', []), loading: false });
    });
    return () => controller.abort();
    // `key` stands for path, params and refreshKey: the objects themselves are new every render.
  }, [key]);
  return state;
}
