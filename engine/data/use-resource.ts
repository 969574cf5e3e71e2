import { useQuery } from '@tanstack/react-query';
import { resolveBinding, type BindingContext } from '../definitions/bindings.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { ApiRequestError, CONNECTION_ERROR } from './api-client.ts';
import { isCalledOff, resourceQuery, type ResourceDocument } from './queries.ts';
import { sourceParams, type SourceDefinition } from './source-params.ts';

export { sourceParams, type SourceDefinition } from './source-params.ts';

export interface ResourceState<T> {
  data: T | undefined;
  meta: Record<string, unknown> | undefined;
  error: ApiRequestError | undefined;
  /** Nothing to show yet for these parameters (a refetch after a write keeps the data and is not "loading"). */
  loading: boolean;
}

/** A source's request: its path and parameters with the bindings resolved (what loaders prefetch too). */
export function sourceQuery(source: SourceDefinition, bindings: BindingContext) {
  return resourceQuery(String(resolveBinding(source.resource, bindings)), sourceParams(source, bindings));
}

/** `single` sources yield the first resource's attributes (of a list or of one resource). */
function pick(document: ResourceDocument, single: boolean | undefined): unknown {
  if (!single) return document.data;
  const first = Array.isArray(document.data) ? document.data[0] : document.data;
  return (first as { attributes?: unknown } | undefined)?.attributes;
}

/**
 * Every failure as an ApiRequestError with an i18n code (apiRequest already makes most of them one).
 * A read called off (an aborted fetch, a cancelled query) is no failure: nothing to show
 * (issue 13 item 10: it read "Unable to contact server" though no request had failed).
 */
export function asApiError(error: unknown): ApiRequestError | undefined {
  if (!error || isCalledOff(error)) return undefined;
  return error instanceof ApiRequestError ? error : new ApiRequestError(0, CONNECTION_ERROR, []);
}

/**
 * A definition's source with its bindings resolved, through the data layer's cache (queries.ts):
 * widgets asking the same thing share one request, a route loader may have started it already,
 * and a write elsewhere (invalidateResources) makes it fetch again.
 */
export function useResource<T = Record<string, unknown>>(source: SourceDefinition): ResourceState<T> {
  const { bindings } = useScreen();
  const query = useQuery(sourceQuery(source, bindings));
  return {
    data: query.data === undefined ? undefined : (pick(query.data, source.single) as T),
    meta: query.data?.meta,
    error: asApiError(query.error),
    loading: query.isPending,
  };
}
