import { useNarrowerThan } from '../../session/use-narrower-than.ts';

/** Below Mantine's `sm` breakpoint (48em) a page is a phone's: rows are cards and filters fold, so nothing scrolls sideways (issue 26). */
export const PHONE_WIDTH = 768;

/**
 * Whether the page is a phone's width: at once, or, while hydrating the server's markup, the
 * width the server rendered for (useNarrowerThan).
 */
export function usePhone(): boolean {
  return useNarrowerThan(PHONE_WIDTH);
}
