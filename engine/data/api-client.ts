/**
 * The portal's one way to call the program API: JSON:API in and out, the CSRF token on
 * writes, and failures as ApiRequestError carrying the server's i18n error code.
 * Failed requests are logged with method, url and message (spec §7).
 */
import { log } from '../logging/logger.ts';
import { csrfToken } from './csrf.ts';
export interface ApiErrorObject { status: string; code: string; source?: { pointer?: string; parameter?: string }; meta?: Record<string, unknown> }

export class ApiRequestError extends Error {
  constructor(readonly status: number, readonly code: string, readonly errors: ApiErrorObject[]) {
    super(code);
  }
  get meta(): Record<string, unknown> { return this.errors[0]?.meta ?? {}; }
}

export const CONNECTION_ERROR = 'errors.connection.unableToContactServer';

export interface ResourceObject<A = Record<string, unknown>> { type: string; id: string; attributes: A }
export interface JsonApiDocument<D> { data: D; meta?: Record<string, unknown> }

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
 * false: a speculative read (started before it is known to apply, session/early-requests.ts)
 * whose failure is expected and handled.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, extraHeaders: Record<string, string> = {}, logFailures = true): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/vnd.api+json' };
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json';
  const token = method === 'GET' ? undefined : csrfToken();
  if (token) headers['x-csrf-token'] = token;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}), ...(signal ? { signal } : {}) });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (logFailures) log('error', `${method} ${path}: ${(error as Error).message}`, { method, url: path });
    throw new ApiRequestError(0, CONNECTION_ERROR, []);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try { parsed = text ? JSON.parse(text) : undefined; } catch { parsed = undefined; }
  if (!response.ok) {
    const errors = (parsed as { errors?: ApiErrorObject[] } | undefined)?.errors ?? [];
    const code = errors[0]?.code ?? (response.status >= 500 ? 'errors.request.serverError' : 'errors.request.invalid');
    if (logFailures) log('error', `${method} ${path}: ${response.status} ${code}`, { method, url: path, status: response.status, code });
    throw new ApiRequestError(response.status, code, errors);
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) => apiRequest<T>('GET', withQuery(path, params), undefined, signal),
  /** A GET whose failure is expected and not logged. */
  quietGet: <T>(path: string) => apiRequest<T>('GET', path, undefined, undefined, {}, false),
  post: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) => apiRequest<T>('POST', path, body, undefined, headers),
  patch: <T>(path: string, body: unknown = {}) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};
