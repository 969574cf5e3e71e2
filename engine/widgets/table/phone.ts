import { useMediaQuery } from '@mantine/hooks';
import { useRenderingLikeServer } from '../../session/server-render.ts';

/** Below Mantine's `sm` breakpoint (a phone) rows are cards and filters fold, so nothing scrolls sideways (issue 26). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Whether the page is a phone's width; read at once (not after an effect), so the first paint is
 * already right, except when hydrating the server's markup, which the first render must match.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: useRenderingLikeServer() });
}
