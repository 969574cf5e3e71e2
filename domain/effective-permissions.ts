/**
 * What one user may do, and why not (issue 24's effective-permissions view): each screen by the
 * portal's own route guard (decideGuard, with the tenant's screen overrides) and each API action
 * by the policy's rule sets, under the tenant's effective policy and flags. Nothing is decided
 * here that the portal and the server do not decide the same way; this only says which rule
 * refused: the user type, the role, a flag, the policy, or the user's scope (no customer or
 * merchant to work on).
 */
import { flagOn, type FeatureFlags } from './flags.ts';
import { buildAbility, normaliseRole, type Policy, type PolicyUserType, rulesFor, type Subject } from './policy.ts';
import { decideGuard, type GuardDefinition, type UserType } from './route-guards.ts';

export type RefusalReason = 'userType' | 'role' | 'flag' | 'policy' | 'scope';

export interface Verdict {
  allowed: boolean;
  /** Why not: which rule refused, and what it names (a flag, a role, an action and subject). */
  reason?: RefusalReason;
  detail?: Record<string, string>;
}

export interface PermissionUser {
  userType: UserType;
  role: string | null;
  hasCustomer: boolean;
  hasMerchant: boolean;
}

export interface ScreenGuardOf {
  id: string;
  title?: string;
  guard: GuardDefinition;
}

const POLICY_USER_TYPES: readonly string[] = ['customer', 'corporate', 'merchant'];

/** The flags a subject's gate turns off for this tenant (policy.flagGates). */
function gateOff(policy: Policy, flags: FeatureFlags, subject: string): string | undefined {
  const flag = policy.flagGates[subject as Subject];
  return flag !== undefined && !flagOn(flags, flag) ? flag : undefined;
}

function screenVerdict(screen: ScreenGuardOf, policy: Policy, flags: FeatureFlags, user: PermissionUser): Verdict {
  const ability = buildAbility(policy, { userType: user.userType, role: user.role, flags });
  const decision = decideGuard(screen.guard, {
    authenticated: true,
    userType: user.userType,
    role: user.role ?? undefined,
    flags,
    ability,
    hasCustomer: user.hasCustomer,
    hasMerchant: user.hasMerchant,
  });
  if (decision.allow) return { allowed: true };
  const { guard } = screen;
  switch (decision.reason) {
    case 'userType':
      return { allowed: false, reason: 'userType', detail: { allowed: (guard.userTypes ?? []).join(', ') } };
    case 'role':
      return { allowed: false, reason: 'role', detail: { role: normaliseRole(user.role) } };
    case 'flag': {
      const off = guard.flags?.find((flag) => !flagOn(flags, flag));
      return off
        ? { allowed: false, reason: 'flag', detail: { flag: off, state: 'off' } }
        : {
            allowed: false,
            reason: 'flag',
            detail: { flag: guard.forbiddenFlags?.find((flag) => flagOn(flags, flag)) ?? '', state: 'on' },
          };
    }
    case 'permission': {
      const [action, subject] = guard.can!;
      const gate = gateOff(policy, flags, subject);
      return gate
        ? { allowed: false, reason: 'flag', detail: { flag: gate, state: 'off' } }
        : { allowed: false, reason: 'policy', detail: { action, subject } };
    }
    default:
      return { allowed: false, reason: 'scope', detail: { needs: decision.reason === 'merchant' ? 'merchant' : 'customer' } };
  }
}

function ruleSetVerdict(name: string, policy: Policy, flags: FeatureFlags, user: PermissionUser): Verdict {
  if (!POLICY_USER_TYPES.includes(user.userType)) return { allowed: false, reason: 'userType', detail: { userType: user.userType } };
  const role = normaliseRole(user.role);
  if (!policy.grants[user.userType as PolicyUserType]?.[role]?.includes(name)) return { allowed: false, reason: 'role', detail: { role } };
  const subjects = [...new Set((policy.ruleSets[name] ?? []).flatMap((rule) => [rule.subject].flat() as string[]))];
  const gates = subjects.map((subject) => gateOff(policy, flags, subject));
  // Refused by flags only when every subject of the set is gated off; a partly gated set still grants the rest.
  if (subjects.length > 0 && gates.every((gate) => gate !== undefined))
    return { allowed: false, reason: 'flag', detail: { flag: [...new Set(gates)].join(', '), state: 'off' } };
  return { allowed: true };
}

/** Each screen and each rule set of `policy` (the tenant's effective policy) for `user`, with the reason of each refusal. */
export function effectivePermissions(
  policy: Policy,
  flags: FeatureFlags,
  user: PermissionUser,
  screens: readonly ScreenGuardOf[],
): { screens: Array<{ screen: string; title?: string } & Verdict>; ruleSets: Array<{ ruleSet: string } & Verdict> } {
  // rulesFor throws on a grant of an unknown set: the draft check refuses such a policy before anyone asks.
  rulesFor(policy, { userType: user.userType, role: user.role, flags });
  return {
    screens: screens.map((screen) => ({
      screen: screen.id,
      ...(screen.title ? { title: screen.title } : {}),
      ...screenVerdict(screen, policy, flags, user),
    })),
    ruleSets: Object.keys(policy.ruleSets)
      .sort()
      .map((ruleSet) => ({ ruleSet, ...ruleSetVerdict(ruleSet, policy, flags, user) })),
  };
}
