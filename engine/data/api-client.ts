/**
 * The portal's one way to call the program API: JSON:API in and out, the CSRF token on
 * writes, and failures as ApiRequestError carrying the server's i18n error code.
 * Failed requests are logged with method, url and message (spec §7).
 */
import { log } from '../logging/logger.ts';
import { csrfToken } from './csrf.ts';
import { TENANT_VERSION_HEADER } from '../../common/tenant-version.ts';
import { noteTenantVersion } from '../session/tenant-version.ts';
import { previewSideHeaders } from '../session/preview-side.ts';
import type { paths } from './api-schema.d.ts';
import { takeCarriedResponse } from '../session/server-render.ts';
import { send } from './transport.ts';
import { pageIsLeaving } from '../runtime/page-leaving.ts';
export interface ApiErrorObject {
  status: string;
  code: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errors: ApiErrorObject[],
  ) {
    super(code);
  }
  get meta(): Record<string, unknown> {
    return this.errors[0]?.meta ?? {};
  }
}

export const CONNECTION_ERROR = 'errors.connection.unableToContactServer';

/** The codes of a 401 that means "no session" (server/auth/guard.ts), not a wrong password. */
const SESSION_LOST_CODES = new Set(['errors.auth.notAuthenticated', 'errors.auth.sessionExpired']);
const sessionLostListeners = new Set<() => void>();

/** Calls `listener` whenever the server answers that the request had no session (session/store.ts). */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/** The fetch was aborted (its reader went away): a DOMException named AbortError. */
export function isAbort(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}

export interface ResourceObject<A = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A;
}
export interface JsonApiDocument<D> {
  data: D;
  meta?: Record<string, unknown>;
}

export type QueryParams = Record<string, string | number | undefined | null>;

export function withQuery(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * `extraHeaders`: headers of a call's own (the payment flow's Idempotency-Key). `logFailures`
 * false: a speculative read (started before it is known to apply) whose failure is expected
 * and handled.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
  logFailures = true,
): Promise<T> {
  // A server-rendered page carries the server's answers to its boot's reads (issue 25): the same documents, no request.
  const carried = method === 'GET' ? takeCarriedResponse(path) : undefined;
  if (carried !== undefined) return carried as T;
  // A preview frame's side (issue 24) goes with every call, so the frame stays on its side.
  const headers: Record<string, string> = { ...extraHeaders, ...previewSideHeaders(), accept: 'application/vnd.api+json' };
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json';
  const token = method === 'GET' ? undefined : csrfToken();
  if (token) headers['x-csrf-token'] = token;
  let response: Response;
  try {
    response = await send(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // An aborted request (its reader went away, whatever the abort's reason) is not a failure of
    // the server: never "Unable to contact server", never logged (issue 13 item 10).
    if (signal?.aborted || isAbort(error)) throw error;
    if (logFailures && !pageIsLeaving()) log('error', `${method} ${path}: ${(error as Error).message}`, { method, url: path });
    throw new ApiRequestError(0, CONNECTION_ERROR, []);
  }
  noteTenantVersion(response.headers.get(TENANT_VERSION_HEADER));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const errors = (parsed as { errors?: ApiErrorObject[] } | undefined)?.errors ?? [];
    const code = errors[0]?.code ?? (response.status >= 500 ? 'errors.request.serverError' : 'errors.request.invalid');
    if (logFailures) log('error', `${method} ${path}: ${response.status} ${code}`, { method, url: path, status: response.status, code });
    if (response.status === 401 && SESSION_LOST_CODES.has(code)) for (const listener of sessionLostListeners) listener();
    throw new ApiRequestError(response.status, code, errors);
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) => apiRequest<T>('GET', withQuery(path, params), undefined, signal),
  post: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) => apiRequest<T>('POST', path, body, undefined, headers),
  patch: <T>(path: string, body: unknown = {}) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};

/*
 * Types of the API's operations, from engine/data/api-schema.d.ts (generated by
 * `npm run api:types` from the server's OpenAPI document): a call site names the path it calls
 * and gets the document that path answers with, so a changed contract fails the type check.
 */
type HttpMethod = 'get' | 'post' | 'patch' | 'delete';
type SuccessOf<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 202: infer S } ? S : never;

/** The JSON:API document `method path` answers with on success, e.g. `ApiDocument<'/payments/{id}'>`. */
export type ApiDocument<P extends keyof paths, M extends HttpMethod = 'get'> =
  NonNullable<paths[P][M]> extends { responses: infer R }
    ? SuccessOf<R> extends { content: { 'application/vnd.api+json': infer D } }
      ? D
      : never
    : never;

/** The attributes of the resource(s) in that document, e.g. `ApiAttributes<'/invoices'>`. */
export type ApiAttributes<P extends keyof paths, M extends HttpMethod = 'get'> =
  ApiDocument<P, M> extends { data: infer D }
    ? (D extends ReadonlyArray<infer E> ? E : D) extends { attributes: infer A }
      ? A
      : never
    : never;

/** The query parameters `GET path` documents (filter[...], page[...]). */
export type ApiQuery<P extends keyof paths> =
  NonNullable<paths[P]['get']> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** A GET of a path without path parameters, typed by the document: `getDocument('/payment-options')`. */
export function getDocument<P extends { [K in keyof paths]: K extends `${string}{${string}` ? never : K }[keyof paths]>(
  path: P,
  params?: ApiQuery<P> & QueryParams,
  signal?: AbortSignal,
): Promise<ApiDocument<P>> {
  return api.get<ApiDocument<P>>(path, params, signal);
}
