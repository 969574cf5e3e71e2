import type { Tenant } from '../../domain/tenant.ts';
import { readTenantFiles } from './files.ts';
import { TenantConfigError } from './validate.ts';

export { TenantConfigError } from './validate.ts';

/** One consistent set of tenants and its host index, swapped as a whole. */
interface TenantIndex {
  tenants: readonly Tenant[];
  byHost: ReadonlyMap<string, Tenant>;
}

function indexTenants(tenants: readonly Tenant[]): TenantIndex {
  const byHost = new Map<string, Tenant>();
  for (const tenant of tenants) {
    for (const host of tenant.hosts) {
      if (byHost.has(host)) throw new TenantConfigError(`Host ${host} belongs to two tenants`);
      byHost.set(host, tenant);
    }
  }
  return { tenants, byHost };
}

/**
 * Tenants by id and by host name. Everything that holds the store sees a replacement at once
 * (TenantSync replaces it when a revision is published); a request keeps the tenant it resolved.
 */
export class TenantStore {
  private index: TenantIndex;
  constructor(
    tenants: readonly Tenant[],
    private readonly fallbackId = 'demo',
  ) {
    this.index = indexTenants(tenants);
  }

  get tenants(): readonly Tenant[] {
    return this.index.tenants;
  }

  /** Serves `tenants` from now on; refused as a whole (the current set stays) when two share a host. */
  replace(tenants: readonly Tenant[]): void {
    this.index = indexTenants(tenants);
  }

  /** The request's host name picks the tenant; unknown hosts get none (the server answers 404). */
  forHost(hostHeader: string | undefined): Tenant | undefined {
    const host = (hostHeader ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '');
    return this.index.byHost.get(host);
  }

  byId(id: string): Tenant | undefined {
    return this.index.tenants.find((tenant) => tenant.id === id);
  }

  get fallback(): Tenant {
    const tenant = this.byId(this.fallbackId);
    if (!tenant) throw new TenantConfigError(`No tenant ${this.fallbackId}`);
    return tenant;
  }
}

/** The tenants of tenants/*.json, without the database (tests, tools); a bad file names the file and the JSON pointer. */
export function loadTenants(directory: string): TenantStore {
  const files = readTenantFiles(directory);
  if (files.length === 0) throw new TenantConfigError(`${directory}: no tenant files`);
  return new TenantStore(files.map((file) => file.tenant));
}
