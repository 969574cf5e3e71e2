import { readScreens } from '../../engine/build/screens-plugin.ts';
import { decideGuard, type GuardContext } from '../../domain/route-guards.ts';
import type { UserType } from '../../engine/session/types.ts';
import { buildAbility, type Policy } from '../../domain/policy.ts';
import { type PermissionOverrides, withPermissionOverrides } from '../../domain/policy-overrides.ts';
import policy from '../../permissions/policy.json' with { type: 'json' };
import { screenPath } from '../../server/studio/snapshots/screen-paths.ts';
import { USERS } from '../../server/db/seed/users.ts';
import { loadTenants } from '../../server/tenants/store.ts';

/** The day the snapshot seed (and the server's clock) is anchored at. */
export const SNAPSHOT_TODAY = '2026-11-23';

/** The demo users whose screens are recorded; `public` is a visitor who has not signed in. */
export const ROLES = ['payer', 'admin', 'viewer', 'cardviewer', 'safety', 'corporate', 'dealer', 'enrollment'] as const;
export type Role = (typeof ROLES)[number] | 'public';

export { screenPath };

/** Customer/corporate users work on C-1001 (admin and corporate choose it; the others have only it). */
export const SNAPSHOT_CUSTOMER = 'C-1001';

export interface ScreenCase {
  screen: string;
  role: Role;
  path: string;
}

/**
 * The guard's view of a demo user, as the portal builds it (spec §5 and §6), with a customer
 * selected; `permissions`: the tenant's permission overrides, as GET /config gives them.
 */
export function guardContext(username: (typeof ROLES)[number], permissions?: PermissionOverrides): GuardContext {
  const user = USERS.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`No demo user ${username}`);
  const flags = loadTenants('tenants').byId('demo')!.flags;
  const userType = user.type as UserType;
  return {
    authenticated: true,
    userType,
    role: user.role,
    flags,
    ability: buildAbility(withPermissionOverrides(policy as unknown as Policy, permissions), { userType, role: user.role, flags }),
    // A missing customer or merchant only means a detour through selection: the user may see the screen.
    hasCustomer: true,
    hasMerchant: true,
  };
}

/** Every screen for each role its guard lets in; public screens once, signed out. */
export function screenCases(directory = 'screens'): ScreenCase[] {
  const screens = readScreens(directory).map(({ definition }) => definition);
  return screens.flatMap((definition): ScreenCase[] => {
    const path = screenPath(definition);
    if (definition.guard.public) return [{ screen: definition.id, role: 'public' as const, path }];
    return ROLES.filter((role) => decideGuard(definition.guard, guardContext(role)).allow).map((role) => ({
      screen: definition.id,
      role,
      path,
    }));
  });
}
