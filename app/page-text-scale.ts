import { useEffect } from 'react';
import { TEXT_SCALE_COOKIE } from '../common/text-scale-cookie.ts';
import { browserCookie } from '../engine/runtime/browser-cookie.ts';

/**
 * Once per browser, when the page is idle: its font compared with the server's estimate, so the
 * server's renders plan tables as this browser draws them (common/text-scale.ts), from the first.
 * An effect of the app, not of the entry: the theme's font (theme.ts) is the page's only once
 * Mantine's provider has committed its variables. Measured before, the page's font was Mantine's
 * default stack (Liberation Sans here, not the system's DejaVu Sans), and the cookie then said
 * 0.96 where the table's font draws 1.08: the server planned a column more than the browser kept.
 */
export function useRememberedPageTextScale(): void {
  useEffect(() => {
    if (browserCookie(TEXT_SCALE_COOKIE) !== undefined) return undefined;
    const keep = () => void import('../engine/widgets/table/text-scale.ts').then((module) => module.rememberPageTextScale());
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(keep, { timeout: 5_000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(keep, 1_000);
    return () => clearTimeout(handle);
  }, []);
}
