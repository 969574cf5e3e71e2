/**
 * Which side of an operator's preview (issue 24) a request is for: the draft applied, or the tenant
 * as published. The studio shows both at once in two frames of one preview session; each frame is
 * told its side by its first address (PREVIEW_SIDE_PARAM) and sends it with every API call
 * (PREVIEW_SIDE_HEADER). The server honours it for a preview session only, and it can only choose
 * between the draft and what is already published.
 */
export const PREVIEW_SIDES = ['draft', 'published'] as const;
export type PreviewSide = (typeof PREVIEW_SIDES)[number];

/** The request header naming the side (server/auth/plugin.ts reads it). */
export const PREVIEW_SIDE_HEADER = 'preview-side';
/** The query parameter of a frame's first address naming its side (engine/session/preview-side.ts reads it). */
export const PREVIEW_SIDE_PARAM = 'previewSide';

export function isPreviewSide(value: unknown): value is PreviewSide {
  return typeof value === 'string' && (PREVIEW_SIDES as readonly string[]).includes(value);
}

/** A portal path (`/payment/due?x=1`) with the side named in its address, for a frame's first page or a page load within it. */
export function addressOnSide(path: string, side: PreviewSide): string {
  const url = new URL(path, 'http://portal');
  url.searchParams.set(PREVIEW_SIDE_PARAM, side);
  return `${url.pathname}${url.search}${url.hash}`;
}
