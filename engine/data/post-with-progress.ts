import type { ApiErrorObject } from './api-client.ts';
import { csrfToken } from './csrf.ts';

export type ProgressResult<T> =
  | { ok: true; status: number; document: T }
  | { ok: false; status: number; code: string; errors: ApiErrorObject[]; meta?: Record<string, unknown> };

/**
 * POST a JSON:API body with upload progress (fetch reports none): the same call the data
 * layer's client makes (media type, CSRF token), through XMLHttpRequest so a large upload can
 * show a progress bar. `onProgress` gets whole percents, and the bytes sent of the total (the
 * multi-file upload splits one request's progress per file). A failure resolves with the server's
 * error code (`fallbackCode` when it sent none, or the connection failed), never rejects.
 */
export function postWithProgress<T = unknown>(
  path: string,
  body: unknown,
  onProgress: (percent: number, loaded: number, total: number) => void,
  fallbackCode = 'errors.files.uploadFailed',
): Promise<ProgressResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('content-type', 'application/vnd.api+json');
    request.setRequestHeader('accept', 'application/vnd.api+json');
    const csrf = csrfToken();
    if (csrf) request.setRequestHeader('x-csrf-token', csrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100), event.loaded, event.total);
    };
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (request.status < 300) {
        resolve({ ok: true, status: request.status, document: parsed as T });
        return;
      }
      const errors = (parsed as { errors?: ApiErrorObject[] } | undefined)?.errors ?? [];
      const first = errors[0];
      resolve({
        ok: false,
        status: request.status,
        code: first?.code ?? fallbackCode,
        errors,
        ...(first?.meta ? { meta: first.meta } : {}),
      });
    };
    request.onerror = () => resolve({ ok: false, status: 0, code: fallbackCode, errors: [] });
    // A body already serialised (the multi-file upload measured where each file lies in it) goes as it is.
    request.send(typeof body === 'string' ? body : JSON.stringify(body));
  });
}
