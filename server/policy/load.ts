import type { Policy } from '../../domain/policy.ts';
import { createAjv, describeErrors } from '../../schemas/ajv.ts';
import policySchema from '../../schemas/policy.schema.json' with { type: 'json' };
import policyJson from '../../permissions/policy.json' with { type: 'json' };

/** The shipped policy, validated against its schema; every granted rule set must exist. */
export function loadPolicy(source: unknown = policyJson): Policy {
  const validate = createAjv().compile<unknown>(policySchema);
  if (!validate(source)) throw new Error(`permissions/policy.json: ${describeErrors(validate.errors)}`);
  const policy = source as unknown as Policy;
  for (const [userType, roles] of Object.entries(policy.grants)) {
    for (const [role, sets] of Object.entries(roles)) {
      for (const set of sets) {
        if (!policy.ruleSets[set]) throw new Error(`permissions/policy.json: /grants/${userType}/${role} names unknown rule set ${set}`);
      }
    }
  }
  return policy;
}
