/**
 * The signed-in frame's widths (Shell.tsx), also what the server's render estimates a screen's
 * room from when the request said the page's width (common/viewport-hint.ts, issue 25).
 */

/** Below this width (Mantine's `lg`, 75em) the side menu folds behind a menu button (issue 26). */
export const FOLDED_BELOW = 1200;
/** The side menu's width, beside the screen when it is not folded. */
export const NAVBAR_WIDTH = 240;
/** The main area's padding on each side (AppShell padding "md"). */
const MAIN_PADDING = 16;

/** The room a screen's content has on a page `viewport` pixels wide: the side menu and the padding taken off. */
export function contentWidthAt(viewport: number): number {
  return viewport - (viewport >= FOLDED_BELOW ? NAVBAR_WIDTH : 0) - 2 * MAIN_PADDING;
}
