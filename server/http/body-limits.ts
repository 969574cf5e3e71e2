import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { requireAuth } from '../auth/guard.ts';
import { ApiError, notFound } from './errors.ts';

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

/** A service route (the operator's) is called without a session: its key is checked by the access hook. */
function isService(access: unknown): boolean {
  return typeof access === 'object' && access !== null && 'service' in access;
}

/**
 * Issue 12 defect 8: anonymous callers get small bodies only. Public routes default to
 * ANONYMOUS_BODY_LIMIT (a route may still set its own, smaller); on every other route a caller
 * without a session is refused (401, as the access check would) before the body is read, and so
 * is a write to no route at all (404). Registered before any route, so onRoute sees them all.
 */
export function boundAnonymousBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const sessionless = isPublic(route.config?.access) || isService(route.config?.access);
    if (sessionless && route.bodyLimit === undefined) route.bodyLimit = ANONYMOUS_BODY_LIMIT;
  });
  // A callback hook: the check is synchronous, and a promise per request cost the hot lists (issue 25).
  app.addHook('preParsing', (request, _reply, _payload, done) => {
    if (BODILESS.has(request.method)) return done();
    if (request.is404) throw notFound();
    const access = request.routeOptions.config.access;
    // The operator studio's routes: the access hook asks for an operator's session, before the body too.
    if (typeof access === 'object' && 'operator' in access) return done();
    if (!isPublic(access) && !isService(access)) requireAuth(request);
    done();
  });
}

/** The length of `bytes` bytes in base64, as files travel in JSON bodies. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** Room for the JSON around the files of one request: ids, names, types, a description or comment. */
const FILES_ENVELOPE = 256 * 1024;

/** Supporting documents a dispute request has room for (respond's schema allows ten). */
export const DISPUTE_DOCUMENTS_MAX = 10;

const filesBody = (tenant: Tenant, files: number) => base64Length(tenant.limits.files.maxSizeBytes) * files + FILES_ENVELOPE;

/** Largest invoice document upload of the tenant: its files per upload, each of its largest size. */
export const uploadBodyLimit = (tenant: Tenant) => filesBody(tenant, tenant.limits.files.maxFilesPerUpload);

/** Largest dispute request with supporting documents (create, respond) of the tenant. */
export const disputeDocumentsBodyLimit = (tenant: Tenant) => filesBody(tenant, DISPUTE_DOCUMENTS_MAX);

const payloadTooLarge = (limit: number) => new ApiError(413, ErrorCode.payloadTooLarge, undefined, { max_bytes: limit });

/** The payload, failing with 413 once more than `limit` bytes have come (a body sent without Content-Length). */
function cappedAt(payload: RequestPayload, limit: number): RequestPayload {
  let received = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      next(received > limit ? payloadTooLarge(limit) : null, chunk);
    },
  });
  payload.on('error', (error) => capped.destroy(error));
  return payload.pipe(capped);
}

/**
 * Issue 22 item 9: the options of a route that takes files. Fastify fixes `bodyLimit` when the
 * route is registered, so it is the largest limit over the tenants; each request is then held to
 * its own tenant's limit (`limitOf`): by its Content-Length before anything is read, or counted
 * while it is read when it has none. Past it: 413 errors.request.payloadTooLarge. (Route hooks
 * run after the app's, so a caller who may not use the route is refused before this.)
 */
export function tenantFilesBodyLimit(tenants: readonly Tenant[], limitOf: (tenant: Tenant) => number) {
  return {
    bodyLimit: Math.max(...tenants.map(limitOf)),
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
      const limit = limitOf(request.tenant);
      const declared = Number(request.headers['content-length']);
      if (declared > limit) throw payloadTooLarge(limit);
      return Number.isFinite(declared) ? payload : cappedAt(payload, limit);
    },
  };
}
