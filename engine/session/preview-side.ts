/**
 * The preview side of this frame (issue 24): the studio shows one preview session in two frames,
 * the draft applied beside the tenant as published, and tells each frame its side in its first
 * address (`?previewSide=published`, common/preview-side.ts). The API client sends it with every
 * call (PREVIEW_SIDE_HEADER); the server honours it for a preview session only.
 *
 * Read once, when this module is first evaluated, before the router rewrites the address: in-app
 * navigation keeps it in memory. A page load within the frame (a reload after a publish, the
 * error page's retry) may start from an address without it, so it is also kept in the frame's
 * own `window.name`, which lasts for that frame's browsing context and no other: the two frames
 * of one origin share sessionStorage, so that could not tell them apart.
 */
import { addressOnSide, isPreviewSide, PREVIEW_SIDE_HEADER, PREVIEW_SIDE_PARAM, type PreviewSide } from '../../common/preview-side.ts';

const WINDOW_NAME_PREFIX = 'portal-preview-side:';

function readSide(): PreviewSide | undefined {
  // Outside a browser (unit tests stub only part of `window`) there is no frame to tell.
  if (typeof window === 'undefined' || typeof window.location?.search !== 'string' || typeof window.name !== 'string') return undefined;
  const fromAddress = new URLSearchParams(window.location.search).get(PREVIEW_SIDE_PARAM);
  if (isPreviewSide(fromAddress)) {
    window.name = `${WINDOW_NAME_PREFIX}${fromAddress}`;
    return fromAddress;
  }
  const fromName = window.name.startsWith(WINDOW_NAME_PREFIX) ? window.name.slice(WINDOW_NAME_PREFIX.length) : undefined;
  return isPreviewSide(fromName) ? fromName : undefined;
}

const side = readSide();

/** This frame's side, or undefined outside a side-by-side preview (every ordinary page). */
export function previewSide(): PreviewSide | undefined {
  return side;
}

/** The header naming this frame's side, for every call to the API; none outside a preview frame. */
export function previewSideHeaders(): Record<string, string> {
  return side ? { [PREVIEW_SIDE_HEADER]: side } : {};
}

/** `href` (a path of the portal) naming this frame's side, for a page load: the server then reads the page's documents for it. */
export function withPreviewSide(href: string): string {
  return side ? addressOnSide(href, side) : href;
}
