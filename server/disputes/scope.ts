import { sideOfUserType, type DisputeSide } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { UserType } from '../../domain/route-guards.ts';
import type { AuthContext } from '../auth/context.ts';
import { ApiError, forbidden } from '../http/errors.ts';

export const SIDES: readonly DisputeSide[] = ['customer', 'merchant'];

/**
 * spec §7 /ecaas/{userType}-...: the user types whose side the path names (corporate users are
 * customers); the route's access declares them, so asking for the other side's view is refused.
 */
export function userTypesOfSide(side: DisputeSide): UserType[] {
  return side === 'customer' ? ['customer', 'corporate'] : ['merchant'];
}

/** The caller's side, from their user type (403 for user types that have neither). */
export function callerSide(auth: AuthContext): DisputeSide {
  const side = sideOfUserType(auth.user.user_type);
  if (!side) throw forbidden();
  return side;
}

/** Row scope of a side: a customer sees their customers' disputes, a merchant their merchants'. */
export function scopeIds(auth: AuthContext, side: DisputeSide): string[] {
  const ids = side === 'customer' ? auth.customerIds : auth.merchantIds;
  // `in ()` is not valid SQL; a user with no accounts matches nothing.
  return ids.length ? [...ids] : [''];
}

/**
 * Narrows a comma list filter to the user's scope: every id named must be in scope, or the
 * request is "not found" so ids of other customers cannot be probed.
 */
export function requireInScope(ids: readonly string[] | undefined, scope: readonly string[]): string[] | undefined {
  if (ids === undefined) return undefined;
  if (ids.some((id) => !scope.includes(id))) throw new ApiError(404, ErrorCode.notFound);
  return [...ids];
}

/** A numeric id list (dispute_id) from a filter value; anything else is a bad filter. */
export function parseNumericIds(ids: readonly string[] | undefined, parameter: string): number[] | undefined {
  if (ids === undefined) return undefined;
  if (ids.some((id) => !/^\d{1,15}$/.test(id))) throw new ApiError(400, ErrorCode.invalidFilter, { parameter });
  return ids.map(Number);
}
