import { useMediaQuery } from '@mantine/hooks';
import { narrowerThan } from '../../common/viewport-hint.ts';
import { renderedViewportWidth, useRenderingLikeServer } from './server-render.ts';

/**
 * Whether the page is narrower than `pixels`, read at once (not after an effect), so the first
 * paint is already right; except while hydrating the server's markup, which the first render must
 * match: then it is what the server rendered for, the width the request said (wide without one),
 * and the page's own width follows after hydration.
 */
export function useNarrowerThan(pixels: number): boolean {
  const likeServer = useRenderingLikeServer();
  const rendered = renderedViewportWidth();
  const initial = likeServer && rendered !== undefined && rendered < pixels;
  return useMediaQuery(narrowerThan(pixels), initial, { getInitialValueInEffect: likeServer });
}
