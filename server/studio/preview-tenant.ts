import type { Selectable } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { PreviewSide } from '../../common/preview-side.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Database } from '../db/database.ts';
import type { SessionsTable } from '../db/schema.ts';
import type { TenantStore } from '../tenants/store.ts';
import { TenantDocumentError, validateTenantDocument } from '../tenants/validate.ts';
import { draftById } from './queries.ts';

/**
 * The tenant a preview session (issue 24) is served on one request: for the `side` the request asks
 * (its frame's, common/preview-side.ts), else the session's own, the draft's document or the tenant
 * as published. Either side only while the draft is open: undefined when there is nothing left to
 * preview (the draft was published or discarded, or no longer passes the tenant rules), and the
 * preview ends, both frames at once.
 */
export async function previewTenant(
  db: Database,
  tenants: TenantStore,
  session: Selectable<SessionsTable>,
  side: PreviewSide | undefined,
): Promise<Tenant | undefined> {
  const draft = session.preview_draft_id === null ? undefined : await draftById(db, session.preview_draft_id);
  if (!draft || draft.state !== 'open' || draft.tenant_id !== session.tenant_id) return undefined;
  const appliesDraft = side === undefined ? session.preview_applies_draft === true : side === 'draft';
  // The published side is what the portal serves now: the header can choose nothing else.
  if (!appliesDraft) return tenants.byId(session.tenant_id);
  // Each of a page's requests would validate the same document again; an edit changes updated_at.
  const key = `${draft.draft_id}:${new Date(draft.updated_at).getTime()}`;
  let validated = validatedByDatabase.get(db);
  if (!validated) {
    validated = new LRUCache({ max: MAX_VALIDATED });
    validatedByDatabase.set(db, validated);
  }
  const known = validated.get(key);
  if (known) return known;
  try {
    const tenant = validateTenantDocument(draft.document, `draft ${draft.draft_id}`, []);
    validated.set(key, tenant);
    return tenant;
  } catch (error) {
    if (error instanceof TenantDocumentError) return undefined;
    throw error;
  }
}

/**
 * Validated draft documents by draft id and last edit, per database: draft ids are the database's
 * own, so two databases in one process (the API tests, on a clock that stands still) would
 * otherwise share a key and one serve the other's draft.
 */
const validatedByDatabase = new WeakMap<Database, LRUCache<string, Tenant>>();
/** Far above the drafts previewed at once; beyond it the least recently previewed is validated again. */
const MAX_VALIDATED = 100;

/**
 * The one write a preview makes: choosing which of the user's customers or merchants the page
 * shows (POST /session_data), which changes nothing but the preview session itself, so an admin's
 * preview gets past the customer choice. Every other write is refused.
 */
export function previewMayWrite(method: string, url: string): boolean {
  return method === 'POST' && (url === '/session_data' || url.startsWith('/session_data?'));
}
