import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
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

type SourceList = Array<string | ((request: IncomingMessage, response: ServerResponse) => string)>;

/** The style nonce of a response's request, for the policy with a nonce (set just before helmet runs it). */
const styleNonces = new WeakMap<IncomingMessage, string>();

/**
 * Strict CSP for the portal's pages: no inline or eval'd script (forms use precompiled
 * validators), frames only from our own origin (legacy framed pages, the card sandbox).
 * Styles: the stylesheets of our origin, plus the `<style>` elements Mantine creates at run time
 * (its CSS variables, responsive style props, the modal scroll lock), which carry the page's
 * nonce; no 'unsafe-inline'. Style *properties* React sets go through the CSSOM, which CSP does
 * not govern. Written by helmet, without its defaults, so these are all the directives.
 */
function contentSecurityPolicy(styleSrc: SourceList) {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc,
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  });
}

/** Responses without HTML of ours (the API's answers) allow our stylesheets only. */
const policyWithoutNonce = contentSecurityPolicy(["'self'"]);
const policyWithNonce = contentSecurityPolicy(["'self'", (request) => `'nonce-${styleNonces.get(request)}'`]);

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
const strictTransportSecurity = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: false });

/**
 * helmet's other headers, each set as the portal had them (nosniff, same-origin referrer and opener,
 * framing by our own origin only). Its further defaults (Cross-Origin-Resource-Policy,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection) are off: this change moves the headers to helmet, it does not change them
 * (docs/decisions.md, issue 27). The policy and HSTS depend on the response and are set apart.
 */
const otherHeaders = helmet({
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: true,
  referrerPolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'sameorigin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

/** helmet calls back with an error only for options it refuses, which are fixed above. */
function rethrow(error?: unknown): void {
  if (error) throw error;
}

/**
 * Writes the headers every response carries onto `response`, for `request` (its TLS, its style
 * nonce). Called from onSend, and by hand for the responses Fastify hands to another framework
 * (the local IdP), which skip onSend, and for the router's own refusals, which come before any hook.
 * helmet (not @fastify/helmet, whose hook runs before the handler has made a nonce) writes all but
 * Permissions-Policy, which helmet does not know.
 */
export function writeSecurityHeaders(request: FastifyRequest, response: ServerResponse): void {
  const nonce = request.cspNonce;
  if (nonce === undefined) policyWithoutNonce(request.raw, response, rethrow);
  else {
    styleNonces.set(request.raw, nonce);
    policyWithNonce(request.raw, response, rethrow);
  }
  if (isTlsRequest(request)) strictTransportSecurity(request.raw, response, rethrow);
  otherHeaders(request.raw, response, rethrow);
  response.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=()');
}

/** Sets the headers every response carries on `reply`, and no-store where it has no cache policy of its own. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  writeSecurityHeaders(request, reply.raw);
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
