import {
  api,
  ApiRequestError,
  CONNECTION_ERROR,
  withQuery,
  type JsonApiDocument,
  type QueryParams,
  type ResourceObject,
} from '../data/api-client.ts';
import { sourceParams, type SourceDefinition } from '../data/source-params.ts';
import { previewSideHeaders } from '../session/preview-side.ts';
import { resolveBinding, resolveQueryValues } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import type { ActionContext, ActionEnvironment } from './action-environment.ts';

/** Pause between the files of a bulk download, so the browser takes them one by one. */
const BETWEEN_FILES_MS = 400;

/** A plain link: the browser streams the file to disk; nothing is buffered in the page. */
export function saveLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Asks for the file and stops as soon as the status is known: a refusal (or an export that
 * cannot start, server/invoices/routes.ts reads its first rows before answering) becomes an
 * ApiRequestError, so the action shows its `failure` text (spec §8 "Unable to download CSV,
 * please try again later") instead of saving an error document. A success is aborted at once,
 * which ends the server's stream and closes its cursor; the link then downloads the file.
 */
async function checkDownload(href: string): Promise<void> {
  const controller = new AbortController();
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'same-origin', signal: controller.signal, headers: previewSideHeaders() });
  } catch {
    throw new ApiRequestError(0, CONNECTION_ERROR, []);
  }
  if (response.ok) {
    controller.abort();
    return;
  }
  let code = response.status >= 500 ? 'errors.request.serverError' : 'errors.request.invalid';
  try {
    code = ((await response.json()) as { errors?: Array<{ code?: string }> }).errors?.[0]?.code ?? code;
  } catch {
    /* not a JSON:API error document */
  }
  throw new ApiRequestError(response.status, code, []);
}

/**
 * The download action.
 * - One file: `path` with `params` (bindings, conditional values) and, with `"with": "list"`,
 *   the table's current filters and sort (GET /invoices.csv of the list on screen).
 * - One file per record of a source (`from`), `path` resolved per record: the documents of the
 *   selected invoices, `{ "from": { "resource": "/merchant-invoice-documents", "filter": { "trx_id":
 *   "{selection.trxId}" } }, "path": "/merchant-invoice-documents/{record.document_id}/content" }`.
 *   The API has no archive of several documents, so each is saved on its own; `message` is
 *   shown when the source lists nothing.
 */
export async function runDownload(definition: ActionDefinition, context: ActionContext, env: ActionEnvironment): Promise<void> {
  if (definition.from) {
    const from = definition.from as SourceDefinition;
    const document = await api.get<JsonApiDocument<ResourceObject[]>>(
      String(resolveBinding(from.resource, context)),
      sourceParams(from, context),
    );
    if (document.data.length === 0) {
      if (definition.message) env.notify('info', String(definition.message));
      return;
    }
    for (const [index, item] of document.data.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_FILES_MS));
      saveLink(String(resolveBinding(definition.path, { ...context, record: item.attributes })));
    }
    return;
  }
  const params: QueryParams = {
    ...resolveQueryValues(definition.params as Record<string, unknown> | undefined, context),
    ...(definition.with === 'list' ? context.list : {}),
  };
  const href = withQuery(String(resolveBinding(definition.path, context)), params);
  await checkDownload(href);
  saveLink(href);
}
