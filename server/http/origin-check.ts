import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError } from './errors.ts';
import { isTlsRequest } from './cookies.ts';

/** host[:port] as URL normalises it (lower case, default port dropped), or undefined if unparsable. */
function normalHost(scheme: string, host: string): string | undefined {
  try {
    return new URL(`${scheme}//${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether `source` (an Origin or Referer value) is this request's own origin: the same host and
 * port as the Host header the tenant was chosen by. The scheme must be https when the request
 * came over TLS (a plain-http page must not write to the TLS portal); on plain http either
 * scheme passes, so a TLS proxy not (yet) listed in TRUST_PROXY does not break every write.
 */
function isOwnOrigin(request: FastifyRequest, source: string): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || isTlsRequest(request))) return false;
  const own = normalHost(url.protocol, request.headers.host ?? '');
  return own !== undefined && url.host === own;
}

/**
 * Issue 12 defect 9: a state-changing request that a browser says comes from another site is
 * refused (403 errors.auth.foreignOrigin), whatever CSRF token it carries. Browsers send Origin on
 * every cross-site write (`Origin: null` from sandboxed or privacy-stripped contexts counts as
 * foreign); where it is absent the Referer is checked instead. Requests with neither (API clients
 * outside a browser) pass: they carry no ambient cookies of a victim, and a session still needs
 * its CSRF token.
 */
export function refuseForeignOrigin(request: FastifyRequest): void {
  const { origin, referer } = request.headers;
  if (origin !== undefined) {
    if (!isOwnOrigin(request, origin)) throw new ApiError(403, ErrorCode.foreignOrigin, { header: 'origin' });
    return;
  }
  if (referer !== undefined && !isOwnOrigin(request, referer)) throw new ApiError(403, ErrorCode.foreignOrigin, { header: 'referer' });
}
