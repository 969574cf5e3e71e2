/**
 * The width of the browser's page, as Chromium tells the server with each page request once asked
 * (the `Sec-CH-Viewport-Width` client hint; `Accept-CH` asks, `Critical-CH` makes the first request
 * of a browser session ask again with it). The server renders a first screen for that width (issue
 * 25): the side menu folded or not, a phone's cards or a table, and the columns a table keeps, as
 * the browser will after hydrating, so nothing moves on screen when it does. A browser that sends
 * no hint gets the render for a wide page, as before.
 */
export const VIEWPORT_WIDTH_HINT = 'Sec-CH-Viewport-Width';

/** Narrower or wider than any real page: a header out of this range is not believed. */
const LEAST_WIDTH = 200;
const MOST_WIDTH = 10_000;

/** The hint's width in CSS pixels, or undefined when the request has none (or an unbelievable one). */
export function viewportWidthOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\s*\d{1,5}\s*$/.test(value)) return undefined;
  const width = Number(value);
  return width >= LEAST_WIDTH && width <= MOST_WIDTH ? width : undefined;
}

/**
 * The media query of a page narrower than `pixels` (Mantine's breakpoints, in em: 768 px is
 * "(max-width: 47.99em)"), so a breakpoint is written once for CSS-like queries and for the hint.
 */
export function narrowerThan(pixels: number): string {
  return `(max-width: ${Math.round((pixels / 16 - 0.01) * 100) / 100}em)`;
}
