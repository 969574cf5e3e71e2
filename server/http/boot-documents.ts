import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPreviewSide, PREVIEW_SIDE_HEADER, PREVIEW_SIDE_PARAM, type PreviewSide } from '../../common/preview-side.ts';
import type { PageHints } from '../../common/route-hints.ts';
import { readCookie, SESSION_COOKIE } from './cookies.ts';

type Documents = PageHints['documents'];

/**
 * The boot's reads (`/config`, the feature flags of the host, `/self`) answered for the page's own
 * request (issue 25: the page carries them, so the first screen does not wait a round trip for
 * them). Asked of the API itself (inject), so the documents are exactly the routes' (their
 * response schemas, their access rules). The session goes with them under its plain name: an
 * injected request is never TLS, and only the cookie the page's request holds under the name its
 * protocol calls for is passed on (cookies.ts readCookie). `/self` is kept only when signed in:
 * otherwise the boot asks it itself. A read that fails is left out: the boot then asks it. A
 * preview frame's page (issue 24) names its side in its address (pageSide): the documents are
 * read for that side, as the frame's own calls will be.
 */
export async function bootDocuments(app: FastifyInstance, request: FastifyRequest): Promise<Documents> {
  const session = readCookie(request, SESSION_COOKIE);
  const side = pageSide(request);
  const headers = {
    accept: 'application/vnd.api+json',
    ...(request.headers.host ? { host: request.headers.host } : {}),
    ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
    ...(side ? { [PREVIEW_SIDE_HEADER]: side } : {}),
  };
  const read = async (url: string): Promise<unknown> => {
    const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    return response.statusCode === 200 ? (response.json() as unknown) : undefined;
  };
  const [config, flags, self] = await Promise.all([
    read('/config'),
    read(`/feature-flags/${encodeURIComponent(request.hostname.replace(/:\d+$/, ''))}.json`),
    session ? read('/self') : undefined,
  ]);
  const signedIn =
    (self as { data?: { attributes?: { session_data?: { logged_in?: unknown } } } } | undefined)?.data?.attributes?.session_data
      ?.logged_in === true;
  return { ...(config ? { config } : {}), ...(flags ? { flags } : {}), ...(signedIn ? { self } : {}) };
}

/**
 * The preview side the page's address names (`?previewSide=published`, common/preview-side.ts), if
 * any: the page carries it with its documents, so a frame that knows another side leaves them
 * unused (engine/session/page-hints.ts). Only a preview session's reads look at it.
 */
export function pageSide(request: FastifyRequest): PreviewSide | undefined {
  const value = new URL(request.url, 'http://portal').searchParams.get(PREVIEW_SIDE_PARAM);
  return isPreviewSide(value) ? value : undefined;
}
