import { formatTextScale, TEXT_SCALE_COOKIE } from '../../../common/text-scale.ts';
import { keepBrowserCookie } from '../../runtime/browser-cookie.ts';
import { type TextWidth, textScaleOf } from './text-fit.ts';

/**
 * Keeps how this browser's font compares with the server's estimate (common/text-scale.ts), once a
 * table has measured it: the server's next render plans the table's columns as this browser will.
 */
export function rememberTextScale(measured: TextWidth): void {
  const value = formatTextScale(textScaleOf(measured));
  if (value) keepBrowserCookie(TEXT_SCALE_COOKIE, value);
}
