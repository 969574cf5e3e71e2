/**
 * The cookie the browser keeps its text scale in (common/text-scale.ts). A module of its own: the
 * sign-in page's code asks only whether the cookie is there, and leaves the scale's parsing to the
 * chunks that measure or read it.
 */
export const TEXT_SCALE_COOKIE = 'portal_text_scale';
