import type { ReactNode } from 'react';
import { AbilityProvider as CaslAbilityProvider, useAbility } from '@casl/react';
import type { PortalAbility } from '../../domain/policy.ts';
import { useSession } from '../session/store.ts';
import { abilityFor } from './ability.ts';

/**
 * Puts the signed-in user's ability (spec §6) in @casl/react's context, so components read it
 * with `usePortalAbility()` or `<Can>`. It changes with the user, role or tenant flags only
 * (abilityFor keeps one ability per combination). @casl/react itself holds no CASL code (it
 * reads the ability it is given), so this module adds a few hundred bytes to the sign-in pages;
 * CASL still arrives with the first signed-in session (./ability.ts).
 */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const inputs = useSession((session) => ({
    userType: session.userType,
    self: session.self,
    flags: session.flags,
    permissions: session.config?.overrides.permissions,
  }));
  return <CaslAbilityProvider value={abilityFor(inputs)}>{children}</CaslAbilityProvider>;
}

/**
 * The user's ability: `usePortalAbility().can('create', 'Payment')`. Read it this way, never by
 * importing a module singleton, so a test or a tenant can provide another (DESIGN.md).
 */
export function usePortalAbility(): PortalAbility {
  return useAbility<PortalAbility>();
}
