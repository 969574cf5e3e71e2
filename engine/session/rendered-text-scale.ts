import { parseTextScale, type TextScale, UNSCALED } from '../../common/text-scale.ts';
import { serverRenderState } from './server-render.ts';

/**
 * The text scale of a server-rendered first screen (common/text-scale.ts), apart from
 * server-render.ts: only tables read it, so its parsing stays out of the sign-in page's code.
 */
let serverTextScale: TextScale | undefined;

/** The server's render (app/entry-server.tsx) names the text scale the browser kept, when it did. */
export function setServerTextScale(scale: TextScale | undefined): void {
  serverTextScale = scale;
}

/**
 * The text scale the first screen's estimates were made with: on the server, the request's
 * cookie's; in the browser, the one a server-rendered page carries (the cookie's value), so its
 * hydration estimates as the server did; none (unscaled) otherwise.
 */
export function renderedTextScale(): TextScale {
  if (typeof document === 'undefined') return serverTextScale ?? UNSCALED;
  return parseTextScale(serverRenderState()?.textScale ?? undefined) ?? UNSCALED;
}
