import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError, unauthenticated } from '../http/errors.ts';
import type { AuthContext } from './context.ts';

/** The caller's context, or 401 (with "session expired" when the cookie's session timed out). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth) return request.auth;
  throw unauthenticated(request.sessionExpired ? ErrorCode.sessionExpired : ErrorCode.notAuthenticated);
}

/**
 * The customer a request acts on: the one named (if the user may see it), else the session's.
 * A customer outside the user's scope is "not found", so ids cannot be probed.
 */
export function scopedCustomer(auth: AuthContext, requested: string | undefined): string {
  const id = requested ?? auth.session.customer_id ?? undefined;
  if (!id) throw new ApiError(422, ErrorCode.fieldRequired, { parameter: 'filter[buid_customer]' }, { field: 'buid_customer' });
  if (!auth.customerIds.includes(id)) throw new ApiError(404, ErrorCode.notFound);
  return id;
}

export function scopedMerchant(auth: AuthContext, requested: string | undefined): string {
  const id = requested ?? auth.session.merchant_id ?? undefined;
  if (!id) throw new ApiError(422, ErrorCode.fieldRequired, { parameter: 'filter[buid_merchant]' }, { field: 'buid_merchant' });
  if (!auth.merchantIds.includes(id)) throw new ApiError(404, ErrorCode.notFound);
  return id;
}
