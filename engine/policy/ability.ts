import type { PolicyUserType, PortalAbility } from '../../domain/policy.ts';
import type { SessionState } from '../session/types.ts';

type AbilitySession = Pick<SessionState, 'userType' | 'self' | 'flags'> & {
  /** The tenant's permission overrides (GET /config overrides.permissions). */
  permissions?: Record<string, object> | undefined;
};

/**
 * Signed out (or of a user type the policy grants nothing), a user may do nothing: that needs
 * neither CASL nor the policy, which stay out of the sign-in pages. The portal asks `can`/`cannot`
 * (domain/visibility.ts, domain/route-guards.ts); @casl/react's `useAbility` subscribes with `on`
 * and reads `rules`, its `Can` asks `relevantRuleFor`: the whole of this object.
 */
const NOTHING = {
  can: () => false,
  cannot: () => true,
  relevantRuleFor: () => null,
  rules: [],
  // Rules that never change need no listener; the unsubscribe does nothing.
  on: () => () => undefined,
} as Partial<PortalAbility> as PortalAbility;

let builder: typeof import('./build-ability.ts') | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads CASL and the policy. The session store waits for it before it holds a signed-in user,
 * so `abilityFor` can always answer.
 */
export function loadAbility(): Promise<void> {
  loading ??= import('./build-ability.ts').then(
    (module) => {
      builder = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** domain/policy.ts rulesFor: the policy grants only these user types anything. */
const POLICY_USER_TYPES: readonly string[] = ['customer', 'corporate', 'merchant'] satisfies PolicyUserType[];

let cached: { key: string; ability: PortalAbility } | undefined;

/** The signed-in user's ability from the shared policy, the tenant's permission overrides and flags (spec §6). */
export function abilityFor(session: AbilitySession): PortalAbility {
  if (!POLICY_USER_TYPES.includes(session.userType)) return NOTHING;
  if (!builder) throw new Error('abilityFor before loadAbility: the session store loads the policy when a user signs in');
  const key = `${session.userType}|${session.self?.role ?? ''}|${JSON.stringify(session.flags)}|${JSON.stringify(session.permissions ?? {})}`;
  if (cached?.key !== key) {
    cached = {
      key,
      ability: builder.abilityOf({ userType: session.userType, role: session.self?.role, flags: session.flags }, session.permissions),
    };
  }
  return cached.ability;
}
