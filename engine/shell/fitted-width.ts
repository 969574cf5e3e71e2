import { useMemo } from 'react';

/** An extra-small Mantine select around its text: 10 px padding, the 30 px arrow section, the borders, and rounding room. */
const XS_SELECT_CHROME = 10 + 30 + 2 + 4;
const XS_FONT_SIZE = 12;

let context: CanvasRenderingContext2D | null | undefined;

/** The widest of `labels` in pixels, in the page's font at `fontSize`; null where nothing can measure (no canvas). */
export function widestText(labels: readonly string[], fontSize: number): number | null {
  if (typeof document === 'undefined') return null;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.font = `${fontSize}px ${getComputedStyle(document.body).fontFamily}`;
  return Math.max(0, ...labels.map((label) => context!.measureText(label).width));
}

/**
 * The width a header select (size xs) needs to show any of its options whole, between `minimum`
 * and `maximum` px: in Bulgarian "Всички местоположения" needs more room than a fixed 200 px
 * (issue 26), in English less. `minimum` where nothing can measure.
 */
export function useFittedWidth(labels: readonly string[], minimum: number, maximum: number): number {
  const key = labels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' text is the key; a new array of the same texts measures the same.
  return useMemo(() => {
    const widest = widestText(labels, XS_FONT_SIZE);
    return widest === null ? minimum : Math.min(maximum, Math.max(minimum, Math.ceil(widest) + XS_SELECT_CHROME));
  }, [key, minimum, maximum]);
}
