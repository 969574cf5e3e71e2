import { buildAbility, type Policy, type PortalAbility } from '../../domain/policy.ts';
import policyJson from '../../permissions/policy.json';
import type { SessionState } from '../session/types.ts';

// The same JSON the server enforces; validated by its schema in the definitions test.
const policy = policyJson as unknown as Policy;

let cached: { key: string; ability: PortalAbility } | undefined;

/** The signed-in user's ability from the shared policy and the tenant's flags (spec §6). */
export function abilityFor(session: Pick<SessionState, 'userType' | 'self' | 'flags'>): PortalAbility {
  const key = `${session.userType}|${session.self?.role ?? ''}|${JSON.stringify(session.flags)}`;
  if (cached?.key !== key) {
    cached = { key, ability: buildAbility(policy, { userType: session.userType, role: session.self?.role, flags: session.flags }) };
  }
  return cached.ability;
}
