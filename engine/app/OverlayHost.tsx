import { lazy, Suspense, useEffect, useState } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { onOverlaysRequested, overlaysRequested } from '../shell/overlays.ts';

const Overlays = lazy(() => import('./Overlays.tsx'));

const hasToasts = () => notificationsStore.getState().notifications.length + notificationsStore.getState().queue.length > 0;

/**
 * Loads toasts and confirmation dialogs the first time one is wanted: most page views show
 * neither, and with their transitions, focus trap and scroll lock they would weigh on every
 * first load (the /login budget). A toast shown before they arrive waits in the store.
 */
export function OverlayHost() {
  const [needed, setNeeded] = useState(() => hasToasts() || overlaysRequested());
  useEffect(() => {
    if (needed) return undefined;
    const need = () => setNeeded(true);
    const unsubscribe = notificationsStore.subscribe(need);
    const stop = onOverlaysRequested(need);
    if (hasToasts() || overlaysRequested()) need();
    return () => { unsubscribe(); stop(); };
  }, [needed]);
  return needed ? <Suspense fallback={null}><Overlays /></Suspense> : null;
}
