import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard.ts';
import { notFound } from './errors.ts';

/** Largest body of any route (uploads set their own, larger, limit per route). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/**
 * Largest body a route open to anonymous callers reads (sign-in, recovery, SSO start, the client
 * log and analytics): each is a few short fields, so 16 KiB is ample, and nobody can make the
 * server parse a megabyte without signing in. Larger answers 413 errors.request.payloadTooLarge.
 */
export const ANONYMOUS_BODY_LIMIT = 16_384;

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isPublic(access: unknown): boolean {
  return typeof access === 'object' && access !== null && 'public' in access;
}

/**
 * Issue 12 defect 8: anonymous callers get small bodies only. Public routes default to
 * ANONYMOUS_BODY_LIMIT (a route may still set its own, smaller); on every other route a caller
 * without a session is refused (401, as the access check would) before the body is read, and so
 * is a write to no route at all (404). Registered before any route, so onRoute sees them all.
 */
export function boundAnonymousBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isPublic(route.config?.access) && route.bodyLimit === undefined) route.bodyLimit = ANONYMOUS_BODY_LIMIT;
  });
  app.addHook('preParsing', async (request) => {
    if (BODILESS.has(request.method)) return;
    if (request.is404) throw notFound();
    if (!isPublic(request.routeOptions.config.access)) requireAuth(request);
  });
}
