import { CHARACTER_KINDS, type CharacterKind, type KindRatios, type TextScale, UNSCALED } from '../../../common/text-scale.ts';
/**
 * Whether a cell's text fits in `room` pixels, without asking the page's layout. A cell clips
 * its text (with an ellipsis) only when it does not fit: a clip per cell is a paint property
 * the browser carries through every frame of a scroll, and most cells fit.
 * `badge` measures the text as a status badge shows it (table.module.css, .status).
 */
export type TextFit = (text: string, room: number, look?: 'badge') => boolean;

/** Before the table's font is known: nothing is taken to fit, every cell clips. */
export const NOTHING_FITS: TextFit = () => false;

// The status badge's type and padding: keep in step with .status in table.module.css.
const BADGE = { fontSize: 11, fontWeight: 700, letterSpacing: 0.25, padding: 8 } as const;
/** Canvas and layout may round a glyph run differently: a text this close to the edge clips. */
const MARGIN = 1;

/** How a text is shown: a body cell, a status badge, a header (bold) or a row-action button. */
export type TextLook = 'cell' | 'badge' | 'header' | 'button';

/** A text's width in pixels as `look` shows it, padding of a badge or a button included. */
export type TextWidth = (text: string, look?: TextLook) => number;

// The row-action button (Mantine's compact-xs): 12 px semi-bold text, 7 px padding, 1 px border.
const BUTTON = { fontSize: 12, fontWeight: 600, padding: 7, border: 1 } as const;

/** The table's text size (table.module.css: Mantine's `sm`). */
export const CELL_FONT_SIZE = 14;

/**
 * A text's width as the server's render estimates it (issue 25), without the browser's font: the
 * portal's font is the system's (theme.ts), so each character takes the advance typical of
 * system sans-serif fonts (Segoe UI, Roboto, San Francisco, DejaVu Sans, between them), bold a
 * little wider. The server's render and the hydration plan a table's columns with it, and the
 * browser's own measure follows: columns then move by a few pixels, not by a column. `scale` is how
 * much wider this browser's font drew text than the estimate, as it measured before
 * (common/text-scale.ts).
 */
export function estimatedTextWidth(language: string, scale: TextScale = UNSCALED): TextWidth {
  const regular = emIn(scale.regular);
  const bold = emIn(scale.bold);
  return (text, look = 'cell') => {
    switch (look) {
      case 'cell':
        return regular(text) * CELL_FONT_SIZE;
      case 'header':
        return bold(text) * CELL_FONT_SIZE * BOLD;
      case 'button':
        return bold(text) * BUTTON.fontSize * BOLD + 2 * (BUTTON.padding + BUTTON.border);
      case 'badge': {
        const shown = text.toLocaleUpperCase(language);
        return bold(shown) * BADGE.fontSize * BOLD + BADGE.letterSpacing * shown.length + 2 * BADGE.padding;
      }
    }
  };
}

/** A text's estimated width in em, each character's typical advance scaled by its kind's ratio (kept per character). */
function emIn(ratios: KindRatios): (text: string) => number {
  const advances = new Map<string, number>();
  return (text) => {
    let width = 0;
    for (const character of text) {
      let advance = advances.get(character);
      if (advance === undefined) {
        advance = estimatedAdvance(character) * ratios[kindOf(character)];
        advances.set(character, advance);
      }
      width += advance;
    }
    return width;
  };
}

/** Which of a font's proportions (common/text-scale.ts) a character is drawn in. */
export function kindOf(character: string): CharacterKind {
  const code = character.codePointAt(0) ?? 0;
  if (code >= 0x400 && code < 0x530) return 'cyrillic';
  if (code >= 0x30 && code <= 0x39) return 'digit';
  return character !== character.toLowerCase() ? 'capital' : 'letter';
}

/**
 * Text of each kind as tables show it (words of several languages, ids, dates, amounts), to compare
 * the browser's font with the estimate: each kind's ratio of the two widths is the scale the server's
 * next render takes (common/text-scale.ts). Spaces and punctuation go with lower-case letters, as in
 * a header's words.
 */
const SAMPLES: Readonly<Record<CharacterKind, string>> = {
  letter: 'rechnungs-id bestellnummer fälligkeitsdatum eingang amount invoice overdue (received) účet płatność',
  capital: 'ABGERECHNETBILLEDOVERDUEPAIDÜBERFÄLLIGPŁATNOŚĆ',
  digit: '01234567890123456789',
  cyrillic: 'Номернафактурапоръчкастатуспадежполученасуматекущодължимопросрочено',
};

/** How much wider `measured` (the browser's font) draws each kind of text, regular and bold, than estimatedTextWidth. */
export function textScaleOf(measured: TextWidth): TextScale {
  // The language only matters to badges (their upper case), which the samples do not use.
  const estimated = estimatedTextWidth('en');
  const ratios = (look: 'cell' | 'header') =>
    Object.fromEntries(CHARACTER_KINDS.map((kind) => [kind, measured(SAMPLES[kind], look) / estimated(SAMPLES[kind], look)])) as KindRatios;
  return { regular: ratios('cell'), bold: ratios('header') };
}

/** How much wider a bold text is than the same text regular. */
const BOLD = 1.1;

/** A character's typical advance in em (estimatedTextWidth). */
function estimatedAdvance(character: string): number {
  if (/[0-9]/.test(character)) return 0.6;
  if (/[iljI.,:;!|'`]/.test(character)) return 0.27;
  if (/[ frt()[\]{}\-/]/.test(character)) return 0.35;
  if (/[MW%@]/.test(character)) return 0.87;
  if (/[mw]/.test(character)) return 0.8;
  if (character !== character.toLowerCase()) return 0.66;
  return 0.54;
}

/**
 * Measures in the font of `table` (its body text) as the page computed it; null without a canvas.
 * `cellFontSize` (px) stands in for the element's own size when it is not a table's (the page's body).
 */
export function textWidthIn(table: Element, cellFontSize?: number): TextWidth | null {
  const style = getComputedStyle(table);
  const size = cellFontSize === undefined ? style.fontSize : `${cellFontSize}px`;
  const cell = widthIn(table, `${style.fontStyle} ${style.fontWeight} ${size} ${style.fontFamily}`);
  const header = widthIn(table, `${style.fontStyle} 700 ${size} ${style.fontFamily}`);
  const badge = widthIn(table, `${BADGE.fontWeight} ${BADGE.fontSize}px ${style.fontFamily}`);
  const button = widthIn(table, `${BUTTON.fontWeight} ${BUTTON.fontSize}px ${style.fontFamily}`);
  if (!cell || !header || !badge || !button) return null;
  const root = table.ownerDocument.documentElement;
  return (text, look = 'cell') => {
    switch (look) {
      case 'cell':
        return cell(text);
      case 'header':
        return header(text);
      case 'button':
        return button(text) + 2 * (BUTTON.padding + BUTTON.border);
      case 'badge': {
        // text-transform: uppercase, in the page's language (as the badge shows it).
        const shown = text.toLocaleUpperCase(root.lang || undefined);
        return badge(shown) + BADGE.letterSpacing * shown.length + 2 * BADGE.padding;
      }
    }
  };
}

/** Whether texts fit, from their measured widths. */
export function textFitOf(width: TextWidth | null): TextFit {
  if (!width) return NOTHING_FITS;
  return (text, room, look) => width(text, look === 'badge' ? 'badge' : 'cell') + MARGIN <= room;
}

/** Measures in the font of `table` (its body text) as the page computed it. */
export function textFitIn(table: Element): TextFit {
  return textFitOf(textWidthIn(table));
}

/**
 * Characters whose width in a text is their own advance: Latin letters, digits, punctuation and
 * the spaces and signs numbers are formatted with (U+2000–U+20CF). Other scripts are shaped
 * together (joined, combined), so a text holding them is measured whole.
 */
const isSimple = (code: number) => (code >= 0x20 && code < 0x250) || (code >= 0x2000 && code < 0x20d0);

/**
 * A text's width in `font`. Simple text adds up each character's advance, measured once (a
 * canvas measure costs microseconds, and a scrolled frame brings dozens of cells); the sum
 * leaves out kerning, which narrows a text, so it errs towards clipping.
 */
function widthIn(table: Element, font: string): ((text: string) => number) | null {
  const context = table.ownerDocument.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.font = font;
  const advances = new Map<number, number>();
  return (text) => {
    let width = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (!isSimple(code)) return context.measureText(text).width;
      let advance = advances.get(code);
      if (advance === undefined) {
        advance = context.measureText(text[index]!).width;
        advances.set(code, advance);
      }
      width += advance;
    }
    return width;
  };
}
