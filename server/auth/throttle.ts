import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ThrottleLimits } from '../../domain/tenant.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError } from '../http/errors.ts';
import { throttleLimits } from './sign-in-limits.ts';

const WINDOW_MS = 60_000;
/** Subjects remembered per operation; generous, so spraying many names cannot push a guessed one out early. */
const REMEMBERED_SUBJECTS = 100_000;

/**
 * Issue 12: a budget a minute per subject (a normalised username, an email address, a user id) on
 * top of the per-address limits of server/http/rate-limits.ts, so guessing one account from many
 * addresses is slowed too. The budget is the tenant's (limits.throttle). Counters live in this
 * process's memory; several processes each count their own share.
 */
export interface SubjectThrottle {
  /** Counts the attempt and refuses it with 429 once the subject's budget for the minute is spent. */
  attempt(request: FastifyRequest, reply: FastifyReply, subject: string): Promise<void>;
  /**
   * For budgets that count failures only (sign-in): refuses with 429 when the failures counted and
   * the checks still running for the subject leave nothing of the budget, else holds one place until
   * the reservation is released or failed (so a burst of parallel guesses gets no more than the budget).
   */
  reserveFailure(request: FastifyRequest, reply: FastifyReply, subject: string): Promise<FailureReservation>;
}

export interface FailureReservation {
  /** Counts the failure and frees the place. */
  failed(): Promise<void>;
  /** Frees the place without counting (a success, or an error); safe to call more than once. */
  release(): void;
}

export function subjectThrottle(app: FastifyInstance, operation: keyof ThrottleLimits): SubjectThrottle {
  // createRateLimit's key generator sees only the request; the subject travels beside it.
  const subjects = new WeakMap<FastifyRequest, string>();
  const options = {
    max: (request: FastifyRequest) => throttleLimits(request.tenant)[operation],
    timeWindow: WINDOW_MS,
    // The plugin hands `cache` to this limiter's own store; its types list it for the registration only.
    cache: REMEMBERED_SUBJECTS,
    keyGenerator: (request: FastifyRequest) => `${operation}|${request.tenant.id}|${subjects.get(request) ?? ''}`,
  };
  const check = app.createRateLimit(options);
  const verdict = (request: FastifyRequest, subject: string, increment: boolean) => {
    subjects.set(request, subject);
    return check(request, { increment });
  };
  // Checks under way per subject, in this process.
  const inFlight = new Map<string, number>();
  const refuse = (reply: FastifyReply, seconds: number): never => {
    reply.header('retry-after', String(Math.max(1, seconds)));
    throw new ApiError(429, ErrorCode.tooManyRequests, undefined, { retry_after_seconds: Math.max(1, seconds) });
  };
  return {
    async attempt(request, reply, subject) {
      const result = await verdict(request, subject, true);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
    },
    async reserveFailure(request, reply, subject) {
      const key = `${request.tenant.id}|${subject}`;
      const result = await verdict(request, subject, false);
      const running = inFlight.get(key) ?? 0;
      if (!result.isAllowed && result.remaining - running <= 0) refuse(reply, result.ttlInSeconds || WINDOW_MS / 1000);
      inFlight.set(key, running + 1);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      };
      return {
        release,
        async failed() {
          try { await verdict(request, subject, true); } finally { release(); }
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
  if (!throttle) signInFailureThrottles.set(app, throttle = subjectThrottle(app, 'signInFailuresPerUsername'));
  return throttle;
}

/** The password re-entry for full card numbers (server/cards/secure.ts): every attempt counts against the signed-in user's budget. */
export const REAUTHENTICATION_ROUTE = '/ecaas/cards/secure-access';

export function throttleReauthentication(app: FastifyInstance): void {
  const perUser = subjectThrottle(app, 'reauthPerUser');
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== REAUTHENTICATION_ROUTE || !request.auth) return;
    await perUser.attempt(request, reply, `user:${request.auth.user.user_id}`);
  });
}
