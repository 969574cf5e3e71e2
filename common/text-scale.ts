/**
 * How much wider this browser's font draws text than the server's estimate of it (issue 25). The
 * portal's font is the system's (engine/theme/theme.ts), so the server's render estimates text
 * widths (engine/widgets/table/text-fit.ts estimatedTextWidth) to plan a table's columns. A font
 * a tenth wider than the estimate made the server keep a column the browser then dropped after
 * hydrating (German at 1,024 px). The browser measures its font once it has drawn a table and
 * keeps the ratio in this cookie; the server's next render, and the hydration of it, scale the
 * estimate by it.
 *
 * Ratios for regular text (cells) and bold (headers, badges, buttons), for each kind of character,
 * rounded to two decimals: the cookie says little about the machine, and a value only changes with
 * the font.
 */
export { TEXT_SCALE_COOKIE } from './text-scale-cookie.ts';

/**
 * The kinds of character a font draws in proportions of its own: a font's lower case may run a
 * tenth wider than the estimate where its digits run as estimated (DejaVu Sans: header words 1.13,
 * digits 1.05), and Cyrillic wider still (1.16). One ratio for all of them planned German headers
 * a few pixels narrow, and Bulgarian ones narrower.
 */
export const CHARACTER_KINDS = ['letter', 'capital', 'digit', 'cyrillic'] as const;
export type CharacterKind = (typeof CHARACTER_KINDS)[number];
export type KindRatios = Readonly<Record<CharacterKind, number>>;

/** Regular text (cells) and bold (headers, badges, buttons), each kind of character on its own. */
export interface TextScale {
  regular: KindRatios;
  bold: KindRatios;
}

const uniform = (ratio: number): KindRatios => ({ letter: ratio, capital: ratio, digit: ratio, cyrillic: ratio });

export const UNSCALED: TextScale = { regular: uniform(1), bold: uniform(1) };

/** A ratio outside this range is no font's: the cookie was tampered with, or the measure went wrong. */
const LEAST = 0.6;
const MOST = 1.6;

const rounded = (ratio: number) => Math.round(ratio * 100) / 100;
const believable = (ratio: number) => Number.isFinite(ratio) && ratio >= LEAST && ratio <= MOST;
const RATIO = String.raw`(?:\d\.\d{1,2}|\d)`;
const KINDS = new RegExp(`^${RATIO}(?:-${RATIO}){${CHARACTER_KINDS.length - 1}}$`);

function formatKinds(ratios: KindRatios): string | undefined {
  const values = CHARACTER_KINDS.map((kind) => rounded(ratios[kind]));
  return values.every(believable) ? values.join('-') : undefined;
}

function parseKinds(value: string): KindRatios | undefined {
  // The cookie before the kinds (2026-11-28): one ratio for every kind.
  if (/^\d(?:\.\d{1,2})?$/.test(value)) return believable(Number(value)) ? uniform(Number(value)) : undefined;
  if (!KINDS.test(value)) return undefined;
  const values = value.split('-').map(Number);
  if (!values.every(believable)) return undefined;
  return Object.fromEntries(CHARACTER_KINDS.map((kind, index) => [kind, values[index]!])) as KindRatios;
}

/** The cookie's value of a scale (regular, then bold; each kind's ratio to two decimals), or undefined for an unbelievable one. */
export function formatTextScale(scale: TextScale): string | undefined {
  const regular = formatKinds(scale.regular);
  const bold = formatKinds(scale.bold);
  return regular && bold ? `${regular}_${bold}` : undefined;
}

/** The scale a cookie's value says, or undefined when it says none believable. */
export function parseTextScale(value: string | undefined): TextScale | undefined {
  const [regularValue, boldValue, ...rest] = value?.split('_') ?? [];
  if (regularValue === undefined || boldValue === undefined || rest.length > 0) return undefined;
  const regular = parseKinds(regularValue);
  const bold = parseKinds(boldValue);
  return regular && bold ? { regular, bold } : undefined;
}
