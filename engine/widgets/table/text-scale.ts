import { formatTextScale, TEXT_SCALE_COOKIE } from '../../../common/text-scale.ts';
import { keepBrowserCookie } from '../../runtime/browser-cookie.ts';
import { CELL_FONT_SIZE, type TextWidth, textScaleOf, textWidthIn } from './text-fit.ts';

/**
 * Keeps how this browser's font compares with the server's estimate (common/text-scale.ts), once a
 * table has measured it: the server's next render plans the table's columns as this browser will.
 */
export function rememberTextScale(measured: TextWidth): void {
  const value = formatTextScale(textScaleOf(measured));
  if (value) keepBrowserCookie(TEXT_SCALE_COOKIE, value);
}

/**
 * The same from the page's own font, before any table is drawn: the sign-in page keeps it, so the
 * first table the server renders after it is planned for this browser too. The table's text is the
 * page's font at the table's size (table.module.css).
 */
export function rememberPageTextScale(): void {
  const measured = textWidthIn(document.body, CELL_FONT_SIZE);
  if (measured) rememberTextScale(measured);
}
