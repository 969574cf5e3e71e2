import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { markOverlaysMounted } from '../shell/overlays.ts';

/**
 * Toasts and confirmation dialogs, loaded after the first paint: neither is needed to show a
 * page, and together with their transitions and focus trap they are a large part of the entry.
 */
export default function Overlays() {
  useEffect(markOverlaysMounted, []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" />
    </>
  );
}
