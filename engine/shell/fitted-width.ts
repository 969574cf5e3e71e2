import { useCallback, useLayoutEffect, useState } from 'react';

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width `input` needs to show the widest of `labels` whole: the texts measured in the input's
 * own font, plus its padding (the select's arrow section included) and borders; null where
 * nothing can measure (no canvas).
 */
export function widthToShow(input: HTMLInputElement, labels: readonly string[]): number | null {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return null;
  const style = getComputedStyle(input);
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = Math.max(0, ...labels.map((label) => context!.measureText(label).width));
  const chrome = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
    (sum, property) => sum + (Number.parseFloat(style[property as 'paddingLeft']) || 0),
    0,
  );
  // Canvas and layout may round a glyph run differently: two pixels of room.
  return Math.ceil(text + chrome) + 2;
}

/**
 * A header select as wide as its longest option, between `minimum` and `maximum` px, so the
 * chosen one shows whole in every language (issue 26: in Bulgarian "Всички местоположения" was
 * cut at a fixed 200 px). Give `ref` to the select's input; measured once it is on the page and
 * again when the page's fonts have loaded. `minimum` until then.
 */
export function useFittedWidth(
  labels: readonly string[],
  minimum: number,
  maximum: number,
): { width: number; ref: (input: HTMLInputElement | null) => void } {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [width, setWidth] = useState(minimum);
  const key = labels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' text is the key; a new array of the same texts measures the same.
  useLayoutEffect(() => {
    if (!input) return;
    let current = true;
    const measure = () => {
      const needed = widthToShow(input, labels);
      if (current && needed !== null) setWidth(Math.min(maximum, Math.max(minimum, needed)));
    };
    measure();
    void document.fonts?.ready.then(measure);
    return () => {
      current = false;
    };
  }, [input, key, minimum, maximum]);
  return { width, ref: useCallback((element: HTMLInputElement | null) => setInput(element), []) };
}
