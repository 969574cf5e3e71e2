import type { FastifyInstance } from 'fastify';
import { isTlsRequest } from './cookies.ts';

/**
 * Strict CSP for the portal's pages: no inline or eval'd script (forms use precompiled
 * validators), frames only from our own origin (legacy framed pages, the card sandbox).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Sent only on responses that went out over TLS (directly, or X-Forwarded-Proto from a trusted
 * proxy): a year, the common minimum for preload lists. Without includeSubDomains, because other
 * hosts under the tenant's domain are not ours to force onto TLS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isTlsRequest(request)) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
