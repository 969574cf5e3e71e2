/**
 * The studio's one way to call its API (server/studio/routes.ts, under /studio/api): JSON in and
 * out, the operator's CSRF token (cookie `studio_csrf`, `__Host-` over TLS) on every write, and
 * failures as the portal's ApiRequestError carrying the server's i18n error code. Apart from the
 * portal's client on purpose: operator and portal sessions never mix (issue 24).
 */
import { type ApiErrorObject, ApiRequestError, CONNECTION_ERROR } from '../engine/data/api-client.ts';

export const STUDIO_API = '/studio/api';
const CSRF_COOKIES = ['__Host-studio_csrf', 'studio_csrf'] as const;

export function studioCsrfToken(): string | undefined {
  const parts = document.cookie.split('; ');
  for (const name of CSRF_COOKIES) {
    const value = parts.find((part) => part.startsWith(`${name}=`))?.slice(name.length + 1);
    if (value) return decodeURIComponent(value);
  }
  return undefined;
}

export interface Resource<A> {
  type: string;
  id: string;
  attributes: A;
}

/** Calls `path` (below /studio/api); answers the JSON document, or undefined for 204. */
export async function studioRequest<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const token = method === 'GET' ? undefined : studioCsrfToken();
  let response: Response;
  try {
    response = await fetch(`${STUDIO_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/vnd.api+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-csrf-token': token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiRequestError(0, CONNECTION_ERROR, []);
  }
  if (response.status === 204) return undefined as T;
  const document = (await response.json().catch(() => null)) as { errors?: ApiErrorObject[] } | null;
  if (!response.ok) {
    const errors = document?.errors ?? [];
    throw new ApiRequestError(response.status, errors[0]?.code ?? 'errors.request.serverError', errors);
  }
  return document as T;
}

/** The `data` of a GET. */
export async function studioData<T>(path: string): Promise<T> {
  return (await studioRequest<{ data: T }>('GET', path)).data;
}
