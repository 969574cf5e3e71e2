import { lazy, Suspense } from 'react';
import { useOverlaysRequested } from '../engine/shell/overlays.ts';

const Overlays = lazy(() => import('./Overlays.tsx'));

/**
 * Loads toasts and confirmation dialogs the first time one is wanted (shell/toast.ts and
 * shell/overlays.ts ask): most page views show neither, and with their transitions, focus trap
 * and scroll lock they would weigh on every first load (the /login budget). A toast shown before
 * they arrive waits in the notifications store.
 */
export function OverlayHost() {
  const needed = useOverlaysRequested();
  return needed ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}
