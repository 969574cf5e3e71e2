import { createMongoAbility } from '@casl/ability';
import { rulesFor, type AbilityInput, type Policy, type PortalAbility } from '../../domain/policy.ts';
import { type PermissionOverrides, withPermissionOverrides } from '../../domain/policy-overrides.ts';
import policyJson from '../../permissions/policy.json';

// The same JSON the server enforces; validated by its schema in the definitions test.
const policy = policyJson as unknown as Policy;

/**
 * CASL and the policy, loaded with the first signed-in session (engine/policy/ability.ts).
 * domain/policy.ts buildAbility, spelled out: importing it would tie CASL to the module the
 * route guards use (normaliseRole) and so to every page.
 */
export function abilityOf(input: AbilityInput, overrides?: PermissionOverrides): PortalAbility {
  // The tenant's permission overrides, as the server applies them (server/auth/plugin.ts).
  return createMongoAbility<PortalAbility>(rulesFor(withPermissionOverrides(policy, overrides), input));
}
