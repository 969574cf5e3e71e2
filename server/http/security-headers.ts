import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTlsRequest } from './cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The style nonce of the HTML this response carries (styleNonce), else undefined. */
    cspNonce: string | undefined;
  }
}

/**
 * What Vite writes into the built index.html wherever a nonce belongs (vite.config.ts
 * `html.cspNonce`: the `<meta property="csp-nonce">` the portal reads, and its tags); the server
 * puts the response's nonce in its place (static-assets.ts).
 */
export const CSP_NONCE_PLACEHOLDER = 'PORTAL_CSP_NONCE';

/**
 * Strict CSP for the portal's pages: no inline or eval'd script (forms use precompiled
 * validators), frames only from our own origin (legacy framed pages, the card sandbox).
 * Styles: the stylesheets of our origin, plus the `<style>` elements Mantine creates at run time
 * (its CSS variables, responsive style props, the modal scroll lock), which carry the page's
 * nonce; no 'unsafe-inline'. Style *properties* React sets go through the CSSOM, which CSP does
 * not govern.
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The nonce this response's HTML gives its style elements: new for every response, 128 random bits. */
export function styleNonce(request: FastifyRequest): string {
  request.cspNonce ??= randomBytes(16).toString('base64');
  return request.cspNonce;
}

/**
 * Sent only on responses that went out over TLS (directly, or X-Forwarded-Proto from a trusted
 * proxy): a year, the common minimum for preload lists. Without includeSubDomains, because other
 * hosts under the tenant's domain are not ours to force onto TLS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The headers every response carries, for `request` (its TLS, its style nonce). Also set by hand
 * on the responses Fastify hands to another framework (the local IdP), which skip onSend.
 */
export function securityHeaders(request: FastifyRequest): ReadonlyArray<readonly [string, string]> {
  const tls = isTlsRequest(request);
  // Every response but a page's carries the same headers: made once (issue 25, the hot API routes).
  if (request.cspNonce === undefined) return tls ? WITHOUT_NONCE_OVER_TLS : WITHOUT_NONCE;
  return headersWith(contentSecurityPolicy(request.cspNonce), tls);
}

function headersWith(policy: string, tls: boolean): ReadonlyArray<readonly [string, string]> {
  return [
    ...(tls ? [['strict-transport-security', STRICT_TRANSPORT_SECURITY] as const] : []),
    ['content-security-policy', policy],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'same-origin'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
  ];
}

const WITHOUT_NONCE = headersWith(contentSecurityPolicy(), false);
const WITHOUT_NONCE_OVER_TLS = headersWith(contentSecurityPolicy(), true);

/** Sets the headers every response carries on `reply`, and no-store where it has no cache policy of its own. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of securityHeaders(request)) reply.header(name, value);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', undefined);
  // A callback hook: nothing here waits, and a promise per response cost the hot lists (issue 25).
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply);
    done(null, payload);
  });
}
