import { readScreens } from '../../engine/build/screens-plugin.ts';
import type { ScreenDefinition } from '../../engine/definitions/types.ts';
import { decideGuard, type GuardContext } from '../../domain/route-guards.ts';
import type { UserType } from '../../engine/session/types.ts';
import { buildAbility, type Policy } from '../../domain/policy.ts';
import { type PermissionOverrides, withPermissionOverrides } from '../../domain/policy-overrides.ts';
import policy from '../../permissions/policy.json' with { type: 'json' };
import { invoiceFor } from '../../server/db/seed/invoices.ts';
import { USERS } from '../../server/db/seed/users.ts';
import { loadTenants } from '../../server/tenants/store.ts';

/** The day the snapshot seed (and the server's clock) is anchored at. */
export const SNAPSHOT_TODAY = '2026-11-23';

/** The demo users whose screens are recorded; `public` is a visitor who has not signed in. */
export const ROLES = ['payer', 'admin', 'viewer', 'cardviewer', 'safety', 'corporate', 'dealer', 'enrollment'] as const;
export type Role = (typeof ROLES)[number] | 'public';

/** Customer/corporate users work on C-1001 (admin and corporate choose it; the others have only it). */
export const SNAPSHOT_CUSTOMER = 'C-1001';

/** Representative values of route parameters, per screen or for every screen. */
const PARAMETERS: Record<string, Record<string, string>> = {
  '*': { status: 'Past Due', location: 'statements', invoice_id: 'T-1001-0007' },
  'dispute-details': { invoice_id: invoiceFor('dispute1') },
  // R-1001-0001 (C-1001 at M-2001, active): every role that may read rejections sees it.
  'rejection-detail': { rejection_id: '1' },
  // The seed's second user (payer, C-1001) and first group (Headquarters, C-1001 and C-1004): the admin manages both.
  'manage-user-edit': { user_id: '2' },
  'manage-group-edit': { group_id: '1' },
  // The seed's application of C-1001 (more information needed): its answer form and documents show.
  'application-detail': { application_id: '1' },
};

/** Query strings a screen needs to show more than its empty state (the invoices or disputes a flow starts from). */
const QUERIES: Record<string, string> = {
  'dispute-create': `?invoiceIds=T-1001-0001,${invoiceFor('ineligibleOld')}`,
  'dispute-respond': '?disputeIds=1,2,6',
};

export interface ScreenCase { screen: string; role: Role; path: string }

export function screenPath(definition: Pick<ScreenDefinition, 'id' | 'path'>): string {
  const values = { ...PARAMETERS['*'], ...PARAMETERS[definition.id] };
  return definition.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No representative value for :${name} of ${definition.id}`);
    return value;
  }) + (QUERIES[definition.id] ?? '');
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
    authenticated: true, userType, role: user.role, flags,
    ability: buildAbility(withPermissionOverrides(policy as unknown as Policy, permissions), { userType, role: user.role, flags }),
    // A missing customer or merchant only means a detour through selection: the user may see the screen.
    hasCustomer: true, hasMerchant: true,
  };
}

/** Every screen for each role its guard lets in; public screens once, signed out. */
export function screenCases(directory = 'screens'): ScreenCase[] {
  const screens = readScreens(directory).map(({ definition }) => definition);
  return screens.flatMap((definition): ScreenCase[] => {
    const path = screenPath(definition);
    if (definition.guard.public) return [{ screen: definition.id, role: 'public' as const, path }];
    return ROLES.filter((role) => decideGuard(definition.guard, guardContext(role)).allow)
      .map((role) => ({ screen: definition.id, role, path }));
  });
}
