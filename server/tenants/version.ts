import { createHash } from 'node:crypto';
import type { Tenant } from '../../domain/tenant.ts';

// A published tenant is one object until the next publish replaces it: hashed once, not per request.
const versions = new WeakMap<Tenant, string>();

/** A short digest of the tenant's configuration: it changes with every publish or rollback that changes the tenant. */
export function tenantVersion(tenant: Tenant): string {
  let version = versions.get(tenant);
  if (!version) {
    version = createHash('sha256').update(JSON.stringify(tenant)).digest('base64url').slice(0, 16);
    versions.set(tenant, version);
  }
  return version;
}
