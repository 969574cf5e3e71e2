import type { PermissionOverrides } from '../../domain/policy-overrides.ts';
import type { Tenant } from '../../domain/tenant.ts';

/** A tenant document as the studio edits it: the whole configuration, its overrides included. */
export type TenantDocument = Tenant & { overrides?: { permissions?: PermissionOverrides } & Record<string, unknown> };

export interface PublishedTenant {
  revision: number;
  document: TenantDocument;
}

/** A draft as the API answers it (server/studio/routes.ts draftResource). */
export interface Draft {
  tenant_id: string;
  base_revision: number;
  state: 'open' | 'published' | 'discarded';
  document: TenantDocument;
  created_by: number;
  created_at: string;
  updated_at: string;
}
