import { mergePatch } from '../common/merge-patch.ts';
import type { Policy } from './policy.ts';

/** A tenant's `overrides.permissions`: JSON Merge Patches keyed by the policy's sections (ruleSets, grants, flagGates). */
export type PermissionOverrides = Record<string, object>;

/**
 * The policy a tenant's users get: the shipped policy with the tenant's permission overrides
 * merged in (RFC 7386: a role's list of rule sets is replaced whole). The browser and the server
 * both build their abilities from this, so the portal hides exactly what the API refuses.
 */
export function withPermissionOverrides(policy: Policy, overrides: PermissionOverrides | undefined): Policy {
  if (!overrides || Object.keys(overrides).length === 0) return policy;
  return mergePatch(policy, overrides);
}
