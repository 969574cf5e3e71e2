/**
 * spec §5 route guards as data and one decision function: the browser guards routes with it,
 * the server computes /self's menu with it.
 */
import { flagOn, type FeatureFlags } from './flags.ts';
import { CUSTOMER_SELECT_PATH, LOGIN_PATH, MERCHANT_SELECT_PATH } from './guard-paths.ts';
import { normaliseRole, type Action, type PortalAbility, type Subject } from './policy.ts';

export type UserType = 'customer' | 'corporate' | 'merchant' | 'admin' | 'none';

/** A screen's `guard` (schemas/screen.schema.json). */
export interface GuardDefinition {
  /** Reachable without signing in (sign-in screens, landing, not-found). */
  public?: boolean;
  userTypes?: UserType[];
  /** Any of these roles is required (compared lowercased). */
  roles?: string[];
  forbiddenRoles?: string[];
  /** Every flag must pass (with the spec §5 twin rule). */
  flags?: string[];
  forbiddenFlags?: string[];
  can?: [Action, Subject];
  /**
   * A selected customer, for the user types that select one (customer, corporate): merchant
   * users have no customers, their rows are scoped by their merchants (a screen open to both,
   * like the invoice details, asks a customer of the one and nothing of the other).
   */
  requiresCustomer?: boolean;
  requiresMerchant?: boolean;
}

export { CUSTOMER_SELECT_PATH, guardWithOverride, LOGIN_PATH, MERCHANT_SELECT_PATH } from './guard-paths.ts';

export interface GuardContext {
  authenticated: boolean;
  userType: UserType;
  role: string | undefined;
  flags: FeatureFlags;
  ability: PortalAbility;
  hasCustomer: boolean;
  hasMerchant: boolean;
}

export type GuardDecision =
  | { allow: true }
  | { allow: false; redirect: string; reason: 'unauthenticated' | 'userType' | 'role' | 'flag' | 'permission' | 'customer' | 'merchant' };

const deny = (redirect: string, reason: Extract<GuardDecision, { allow: false }>['reason']): GuardDecision => ({
  allow: false,
  redirect,
  reason,
});

/**
 * spec §5 route guards, in order: unauthenticated → login; wrong user type, missing or
 * forbidden role, missing or forbidden flag (or a policy refusal) → login; then a route
 * needing a customer → customer selection, a merchant → merchant select.
 */
export function decideGuard(guard: GuardDefinition, context: GuardContext): GuardDecision {
  if (guard.public) return { allow: true };
  if (!context.authenticated) return deny(LOGIN_PATH, 'unauthenticated');
  if (guard.userTypes && !guard.userTypes.includes(context.userType)) return deny(LOGIN_PATH, 'userType');
  const role = normaliseRole(context.role);
  if (guard.roles && !guard.roles.map(normaliseRole).includes(role)) return deny(LOGIN_PATH, 'role');
  if (guard.forbiddenRoles?.map(normaliseRole).includes(role)) return deny(LOGIN_PATH, 'role');
  if (guard.flags?.some((flag) => !flagOn(context.flags, flag))) return deny(LOGIN_PATH, 'flag');
  if (guard.forbiddenFlags?.some((flag) => flagOn(context.flags, flag))) return deny(LOGIN_PATH, 'flag');
  if (guard.can && !context.ability.can(guard.can[0], guard.can[1])) return deny(LOGIN_PATH, 'permission');
  if (guard.requiresCustomer && context.userType !== 'merchant' && !context.hasCustomer) return deny(CUSTOMER_SELECT_PATH, 'customer');
  if (guard.requiresMerchant && !context.hasMerchant) return deny(MERCHANT_SELECT_PATH, 'merchant');
  return { allow: true };
}
