import type { Tenant } from '../../domain/tenant.ts';
import { TenantDocumentError, validateTenantDocument } from '../tenants/validate.ts';
import type { DraftRow } from './queries.ts';
import { refused } from './route-kit.ts';

/**
 * A draft's document as a tenant the portal's rules can run on, or 422 with the tenant rules'
 * problems. The host check concerns publishing, not what a user sees or may do: no other tenants
 * to compare with.
 */
export function tenantOfDraft(draft: Pick<DraftRow, 'draft_id' | 'document'>): Tenant {
  try {
    return validateTenantDocument(draft.document, `draft ${draft.draft_id}`, []);
  } catch (error) {
    if (error instanceof TenantDocumentError)
      throw refused(error.problems.map((problem) => ({ pointer: '', message: problem, rule: 'tenant' as const })));
    throw error;
  }
}
