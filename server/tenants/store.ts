import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { issuerAcceptable, type Tenant } from '../../domain/tenant.ts';
import { createAjv, describeErrors } from '../../schemas/ajv.ts';
import tenantSchema from '../../schemas/tenant.schema.json' with { type: 'json' };

export class TenantConfigError extends Error {}

/** Tenants by id and by host name. Loaded once at start; an operator studio may replace it later. */
export class TenantStore {
  private readonly byHost = new Map<string, Tenant>();
  constructor(readonly tenants: readonly Tenant[], private readonly fallbackId = 'demo') {
    for (const tenant of tenants) {
      for (const host of tenant.hosts) {
        if (this.byHost.has(host)) throw new TenantConfigError(`Host ${host} belongs to two tenants`);
        this.byHost.set(host, tenant);
      }
    }
  }

  /** The request's host name picks the tenant; unknown hosts get none (the server answers 404). */
  forHost(hostHeader: string | undefined): Tenant | undefined {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    return this.byHost.get(host);
  }

  byId(id: string): Tenant | undefined {
    return this.tenants.find((tenant) => tenant.id === id);
  }

  get fallback(): Tenant {
    const tenant = this.byId(this.fallbackId);
    if (!tenant) throw new TenantConfigError(`No tenant ${this.fallbackId}`);
    return tenant;
  }
}

/** What the schema cannot say about a tenant's identity providers: ids are unique, issuers https (or http on localhost). */
function identityProviderProblem(file: string, tenant: Tenant): void {
  const seen = new Set<string>();
  for (const [index, provider] of (tenant.identityProviders ?? []).entries()) {
    if (seen.has(provider.id)) throw new TenantConfigError(`${file}: /identityProviders/${index}/id: ${provider.id} appears twice`);
    seen.add(provider.id);
    if (!issuerAcceptable(provider.issuer)) throw new TenantConfigError(`${file}: /identityProviders/${index}/issuer must be https (http on localhost only)`);
  }
}

/** Reads and validates every tenants/*.json; a bad file names the file and the JSON pointer. */
export function loadTenants(directory: string): TenantStore {
  const validate = createAjv().compile<Tenant>(tenantSchema);
  const tenants = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = join(directory, name);
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new TenantConfigError(`${file}: not valid JSON: ${(error as Error).message}`);
      }
      if (!validate(data)) throw new TenantConfigError(`${file}: ${describeErrors(validate.errors)}`);
      const { limits } = data;
      if (limits.password.minLength > limits.password.maxLength) {
        throw new TenantConfigError(`${file}: /limits/password/minLength must not exceed maxLength`);
      }
      identityProviderProblem(file, data);
      return data;
    });
  if (tenants.length === 0) throw new TenantConfigError(`${directory}: no tenant files`);
  return new TenantStore(tenants);
}
