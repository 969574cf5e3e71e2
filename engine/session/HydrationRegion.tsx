import type { ReactNode } from 'react';
import { useRenderingLikeServer } from './server-render.ts';

/**
 * A part of a server-rendered screen that takes no click, tap or focus until React has hydrated
 * it (issue 25): the server's markup shows the rows before their handlers exist, and a click then
 * would be lost without a word. The server renders the region inert; React's hydration of the
 * same region keeps it so (useRenderingLikeServer), and the render right after hydration lifts it.
 * A region inside a lazy part of the screen lifts when that part hydrates, not with the root.
 * In a page the browser renders alone, the region is never inert.
 */
export function HydrationRegion({ children }: { children: ReactNode }) {
  const pending = useRenderingLikeServer();
  return (
    <div className="hydration-region" inert={pending} data-hydrating={pending ? '' : undefined}>
      {children}
    </div>
  );
}
