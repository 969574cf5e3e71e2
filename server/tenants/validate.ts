import type { ErrorObject } from 'ajv';
import { issuerAcceptable, type Tenant } from '../../domain/tenant.ts';
import { createAjv, describeErrors } from '../../schemas/ajv.ts';
import tenantSchema from '../../schemas/tenant.schema.json' with { type: 'json' };
import { withPermissionOverrides } from '../../domain/policy-overrides.ts';
import { loadPolicy } from '../policy/load.ts';

export class TenantConfigError extends Error {}

/**
 * A tenant document that may not be published: `where` names the file or tenant, each problem
 * starts with the JSON pointer it concerns ("/limits/cardFeeMinor must be integer").
 */
export class TenantDocumentError extends TenantConfigError {
  constructor(
    readonly where: string,
    readonly problems: readonly string[],
  ) {
    super(`${where}: ${problems.join('; ')}`);
  }
}

let compiled: ReturnType<typeof compileValidator> | undefined;
function compileValidator() {
  return createAjv().compile<Tenant>(tenantSchema);
}

/**
 * The checks every tenant configuration passes, whether it comes from a file in tenants/ or from
 * an operator: the schema, the rules a schema cannot say, and host names no other tenant serves
 * (`others` may include the tenant's own earlier revision, which is skipped by id).
 */
export function validateTenantDocument(data: unknown, where: string, others: readonly Tenant[]): Tenant {
  const validate = (compiled ??= compileValidator());
  if (!validate(data))
    throw new TenantDocumentError(
      where,
      (validate.errors ?? []).map((error: ErrorObject) => describeErrors([error])),
    );
  const problems: string[] = [];
  const { password } = data.limits;
  if (password.minLength > password.maxLength) problems.push('/limits/password/minLength must not exceed maxLength');
  // What the schema cannot say about identity providers: ids are unique, issuers https (http on localhost only).
  const providerIds = new Set<string>();
  (data.identityProviders ?? []).forEach((provider, index) => {
    if (providerIds.has(provider.id)) problems.push(`/identityProviders/${index}/id ${provider.id} appears twice`);
    providerIds.add(provider.id);
    if (!issuerAcceptable(provider.issuer)) problems.push(`/identityProviders/${index}/issuer must be https (http on localhost only)`);
  });
  problems.push(...permissionOverrideProblems(data));
  data.hosts.forEach((host, index) => {
    const owner = others.find((other) => other.id !== data.id && other.hosts.includes(host));
    if (owner) problems.push(`/hosts/${index} ${host} is already a host of tenant ${owner.id}`);
  });
  if (problems.length > 0) throw new TenantDocumentError(where, problems);
  return data;
}

/** The shipped policy with the tenant's permission overrides must still be a policy (schema, known rule sets). */
function permissionOverrideProblems(tenant: Tenant): string[] {
  const overrides = tenant.overrides?.permissions;
  if (!overrides) return [];
  try {
    loadPolicy(withPermissionOverrides(loadPolicy(), overrides));
    return [];
  } catch (error) {
    return [`/overrides/permissions: ${(error as Error).message.replace(/^permissions\/policy\.json: /, '')}`];
  }
}
