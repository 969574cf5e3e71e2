import type { Selectable } from 'kysely';
import type { Tenant } from '../../domain/tenant.ts';
import type { Database } from '../db/database.ts';
import type { SessionsTable } from '../db/schema.ts';
import type { TenantStore } from '../tenants/store.ts';
import { TenantDocumentError, validateTenantDocument } from '../tenants/validate.ts';
import { draftById } from './queries.ts';

/**
 * The tenant a preview session (issue 24) is served: the draft's document while the draft is open,
 * or the tenant as published for the published side. Undefined when there is nothing left to show
 * (the draft was published or discarded, or no longer passes the tenant rules): the preview ends.
 */
export async function previewTenant(db: Database, tenants: TenantStore, session: Selectable<SessionsTable>): Promise<Tenant | undefined> {
  if (!session.preview_applies_draft) return tenants.byId(session.tenant_id);
  const draft = session.preview_draft_id === null ? undefined : await draftById(db, session.preview_draft_id);
  if (!draft || draft.state !== 'open' || draft.tenant_id !== session.tenant_id) return undefined;
  // Each of a page's requests would validate the same document again; an edit changes updated_at.
  const key = `${draft.draft_id}:${new Date(draft.updated_at).getTime()}`;
  const known = validated.get(key);
  if (known) return known;
  try {
    const tenant = validateTenantDocument(draft.document, `draft ${draft.draft_id}`, []);
    if (validated.size >= MAX_VALIDATED) validated.clear();
    validated.set(key, tenant);
    return tenant;
  } catch (error) {
    if (error instanceof TenantDocumentError) return undefined;
    throw error;
  }
}

const validated = new Map<string, Tenant>();
/** Far above the drafts previewed at once; reaching it only costs validations. */
const MAX_VALIDATED = 100;

/**
 * The one write a preview makes: choosing which of the user's customers or merchants the page
 * shows (POST /session_data), which changes nothing but the preview session itself, so an admin's
 * preview gets past the customer choice. Every other write is refused.
 */
export function previewMayWrite(method: string, url: string): boolean {
  return method === 'POST' && (url === '/session_data' || url.startsWith('/session_data?'));
}
