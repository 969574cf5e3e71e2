/**
 * How much wider this browser's font draws text than the server's estimate of it (issue 25). The
 * portal's font is the system's (engine/theme/theme.ts), so the server's render estimates text
 * widths (engine/widgets/table/text-fit.ts estimatedTextWidth) to plan a table's columns. A font
 * a tenth wider than the estimate made the server keep a column the browser then dropped after
 * hydrating (German at 1,024 px). The browser measures its font once it has drawn a table and
 * keeps the ratio in this cookie; the server's next render, and the hydration of it, scale the
 * estimate by it.
 *
 * Two ratios: regular text (cells) and bold (headers, badges, buttons), each rounded to two
 * decimals: the cookie says little about the machine, and a value only changes with the font.
 */
export const TEXT_SCALE_COOKIE = 'portal_text_scale';

export interface TextScale {
  regular: number;
  bold: number;
}

export const UNSCALED: TextScale = { regular: 1, bold: 1 };

/** A ratio outside this range is no font's: the cookie was tampered with, or the measure went wrong. */
const LEAST = 0.6;
const MOST = 1.6;

const rounded = (ratio: number) => Math.round(ratio * 100) / 100;
const believable = (ratio: number) => Number.isFinite(ratio) && ratio >= LEAST && ratio <= MOST;

/** The cookie's value of a scale, or undefined for an unbelievable one. */
export function formatTextScale(scale: TextScale): string | undefined {
  const regular = rounded(scale.regular);
  const bold = rounded(scale.bold);
  return believable(regular) && believable(bold) ? `${regular}_${bold}` : undefined;
}

/** The scale a cookie's value says, or undefined when it says none believable. */
export function parseTextScale(value: string | undefined): TextScale | undefined {
  const match = value === undefined ? null : /^(\d\.\d{1,2}|\d)_(\d\.\d{1,2}|\d)$/.exec(value);
  if (!match) return undefined;
  const scale = { regular: Number(match[1]), bold: Number(match[2]) };
  return believable(scale.regular) && believable(scale.bold) ? scale : undefined;
}
