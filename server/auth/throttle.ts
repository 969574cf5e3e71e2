import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ThrottleLimits } from '../../domain/tenant.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError } from '../http/errors.ts';
import { throttleLimits } from './sign-in-limits.ts';

const WINDOW_MS = 60_000;

/**
 * Issue 12: a budget a minute per subject (a normalised username, an email address, a user id) on
 * top of the per-address limits of server/http/rate-limits.ts, so guessing one account from many
 * addresses is slowed too. The budget is the tenant's (limits.throttle). Counted in the database
 * (server/http/budgets.ts), so several server processes share one count (issue 22 item 7).
 */
export interface SubjectThrottle {
  /** Counts the attempt and refuses it with 429 once the subject's budget for the minute is spent. */
  attempt(request: FastifyRequest, reply: FastifyReply, subject: string): Promise<void>;
  /**
   * For budgets that count failures only (sign-in): takes one place of the budget before the
   * check runs, and refuses with 429 when none is left, so a burst of parallel guesses, on any
   * number of processes, gets no more than the budget. The place is kept if the check fails and
   * given back if it succeeds.
   */
  reserveFailure(request: FastifyRequest, reply: FastifyReply, subject: string): Promise<FailureReservation>;
}

export interface FailureReservation {
  /** The check failed: the place stays spent. */
  failed(): Promise<void>;
  /** Gives the place back unless failed() kept it (a success, or an error); safe to call more than once. */
  release(): Promise<void>;
}

export function subjectThrottle(app: FastifyInstance, operation: keyof ThrottleLimits): SubjectThrottle {
  const keyOf = (request: FastifyRequest, subject: string) => `${operation}|${request.tenant.id}|${subject}`;
  const refuse = (reply: FastifyReply, resetInMs: number): never => {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new ApiError(429, ErrorCode.tooManyRequests, undefined, { retry_after_seconds: seconds });
  };
  /** Spends one place; over the budget, gives it back and refuses, so refusals do not lengthen the wait. */
  const spend = async (request: FastifyRequest, reply: FastifyReply, subject: string) => {
    const key = keyOf(request, subject);
    const state = await app.budgets.spend(key, WINDOW_MS);
    if (state.count > throttleLimits(request.tenant)[operation]) {
      await app.budgets.refund(key);
      refuse(reply, state.resetInMs);
    }
    return key;
  };
  return {
    async attempt(request, reply, subject) {
      await spend(request, reply, subject);
    },
    async reserveFailure(request, reply, subject) {
      const key = await spend(request, reply, subject);
      let settled = false;
      return {
        async failed() {
          settled = true;
        },
        async release() {
          if (settled) return;
          settled = true;
          await app.budgets.refund(key);
        },
      };
    },
  };
}

const signInFailureThrottles = new WeakMap<FastifyInstance, SubjectThrottle>();

/**
 * The failed-sign-in budget per name, one counter for every place that checks a portal password for
 * a name (the sign-in and the sandbox identity provider), so guessing cannot move from one to the other.
 */
export function signInFailureThrottle(app: FastifyInstance): SubjectThrottle {
  let throttle = signInFailureThrottles.get(app);
  if (!throttle) signInFailureThrottles.set(app, (throttle = subjectThrottle(app, 'signInFailuresPerUsername')));
  return throttle;
}

/** The password re-entry for full card numbers (server/cards/secure.ts): every attempt counts against the signed-in user's budget. */
export const REAUTHENTICATION_ROUTE = '/ecaas/cards/secure-access';

export function throttleReauthentication(app: FastifyInstance): void {
  const perUser = subjectThrottle(app, 'reauthPerUser');
  // A callback hook: every other request (the hot lists, issue 25) passes without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || request.routeOptions.url !== REAUTHENTICATION_ROUTE || !request.auth) return done();
    perUser.attempt(request, reply, `user:${request.auth.user.user_id}`).then(() => done(), done);
  });
}
