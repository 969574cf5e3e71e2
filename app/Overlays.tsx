import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { dialogsFor } from '../engine/actions/action-dialogs.tsx';
import { markOverlaysMounted } from '../engine/shell/overlays.ts';

/**
 * Toasts and confirmation dialogs, loaded after the first paint: neither is needed to show a
 * page, and together with their transitions and focus trap they are a large part of the entry.
 * The actions' dialogs holding a form or a secret come with them.
 */
export default function Overlays() {
  useEffect(() => markOverlaysMounted(dialogsFor), []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" />
    </>
  );
}
