import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Database } from '../db/database.ts';
import { type Budgets, databaseBudgets, rateLimitStore } from './budgets.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The budgets every process shares (server/http/budgets.ts), for the per-name throttles. */
    budgets: Budgets;
  }
}

/** Requests per minute and client address of each throttled operation. */
export type RateLimits = Readonly<Record<string, number>>;

/**
 * Issue 12: guessing passwords, spraying names, flooding recovery mail or the anonymous log must
 * be slowed. These operations answer 429 errors.request.tooManyRequests past their budget per
 * client address and minute (behind a trusted proxy, the address it forwards). Everything a person
 * does by hand fits well inside them; the login lock (per user) is the second line.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  'POST /auth/login': 30,
  'POST /auth/forgot-password': 10,
  'POST /auth/forgot-username': 10,
  'POST /auth/reset-password': 20,
  'POST /auth/sso/start': 30,
  'POST /ecaas/cards/secure-access': 20,
  'POST /log': 60,
  'POST /analytics/events': 60,
  // Issue 26: a prospective customer's application, from the sign-in page; a person sends one.
  'POST /prospective-credit-applications': 5,
};

const WINDOW_MS = 60_000;

/**
 * Registers the limiter (route by route, nothing global) and throttles the listed operations.
 * Its counts are kept in the database, shared by every server process (issue 22 item 7).
 */
export async function registerRateLimits(app: FastifyInstance, db: Database, limits: RateLimits = DEFAULT_RATE_LIMITS): Promise<void> {
  const budgets = databaseBudgets(db);
  app.decorate('budgets', budgets);
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore(budgets) });
  const checks = new Map(
    Object.entries(limits).map(([operation, max]) => [
      operation,
      app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: (request: FastifyRequest) => `${operation}|${request.ip}` }),
    ]),
  );
  // A callback hook, not an async one: every other request (the hot lists, issue 25) passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const check = checks.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!check) return done();
    refuseOverBudget(check, request, reply).then(() => done(), done);
  });
}

async function refuseOverBudget(
  check: ReturnType<FastifyInstance['createRateLimit']>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const verdict = await check(request);
  if (!verdict.isAllowed && verdict.isExceeded) {
    reply.header('retry-after', String(verdict.ttlInSeconds));
    throw new ApiError(429, ErrorCode.tooManyRequests, undefined, { retry_after_seconds: verdict.ttlInSeconds });
  }
}
