import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie (HttpOnly) and the CSRF token the portal reads and echoes as X-CSRF-Token. */
export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'portal_csrf';
/** The single sign-on state nonce, between start and callback. */
export const SSO_STATE_COOKIE = 'portal_sso_state';

/** Browsers accept a `__Host-` cookie only when Secure, Path=/ and without Domain (RFC 6265bis §4.1.3.2). */
const HOST_PREFIX = '__Host-';

/**
 * Whether the browser reached us over TLS. Behind a trusted proxy (TRUST_PROXY) Fastify takes
 * the protocol from its X-Forwarded-Proto; from any other address the header is ignored.
 */
export function isTlsRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * A cookie's name on this request: over TLS `__Host-` prefixed, so neither a sibling host nor a
 * plain-http page can plant or shadow it; on plain http (the demo on localhost, the tests) the
 * bare name, because browsers refuse Secure cookies there.
 */
export function cookieName(request: FastifyRequest, name: string): string {
  return isTlsRequest(request) ? `${HOST_PREFIX}${name}` : name;
}

/**
 * The cookie under the name this request's protocol calls for. Over TLS an unprefixed cookie is
 * not read: it may have been planted over plain http, which is what the prefix guards against.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[cookieName(request, name)];
}

interface CookieOptions {
  /** Hidden from the page's scripts; the CSRF cookie is the one the portal must read. */
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
}

/** Every cookie of the portal: Path=/ and no Domain (the `__Host-` rules), Secure over TLS. */
function attributes(request: FastifyRequest, { httpOnly, sameSite }: CookieOptions) {
  return { httpOnly, sameSite, path: '/', secure: isTlsRequest(request) } as const;
}

export function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.setCookie(cookieName(request, name), value, attributes(request, options));
}

/** Clearing needs the same prefix and attributes, or the browser keeps the cookie. */
export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string, options: CookieOptions): void {
  reply.clearCookie(cookieName(request, name), attributes(request, options));
}

const SESSION_OPTIONS: CookieOptions = { httpOnly: true, sameSite: 'lax' };
const CSRF_OPTIONS: CookieOptions = { httpOnly: false, sameSite: 'strict' };
export const SSO_STATE_OPTIONS: CookieOptions = { httpOnly: true, sameSite: 'lax' };

/** A new session's cookies (sign-in, SSO callback). */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, csrfToken: string): void {
  setCookie(request, reply, SESSION_COOKIE, token, SESSION_OPTIONS);
  setCookie(request, reply, CSRF_COOKIE, csrfToken, CSRF_OPTIONS);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, SESSION_COOKIE, SESSION_OPTIONS);
  clearCookie(request, reply, CSRF_COOKIE, CSRF_OPTIONS);
}
