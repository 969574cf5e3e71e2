import type { modals } from '@mantine/modals';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

let mounted!: () => void;
const overlaysMounted = new Promise<void>((resolve) => { mounted = resolve; });

/** Whether a toast or a confirmation has been wanted yet: the overlay host loads them then. */
const overlaysStore = createStore<{ requested: boolean }>()(() => ({ requested: false }));

/** Called once the lazily loaded overlays (ModalsProvider, Notifications) are on the page. */
export function markOverlaysMounted(): void {
  mounted();
}

/** Asks the overlay host to load the overlays (toasts and confirmations). */
export function requestOverlays(): void {
  overlaysStore.setState({ requested: true });
}

export function useOverlaysRequested(): boolean {
  return useStore(overlaysStore, (state) => state.requested);
}

/**
 * modals.openConfirmModal, once the provider that listens for it is mounted: an event sent
 * before would be lost and the question never answered.
 */
export async function openConfirmModal(options: Parameters<typeof modals.openConfirmModal>[0]): Promise<void> {
  requestOverlays();
  const [{ modals: dialogs }] = await Promise.all([import('@mantine/modals'), overlaysMounted]);
  dialogs.openConfirmModal(options);
}

/**
 * modals.open (a dialog of the portal's own content: a form, a revealed secret), once the
 * provider is mounted; resolves with the modal's id (to close it) and the modals manager.
 */
export async function openModal(options: Parameters<typeof modals.open>[0]): Promise<{ id: string; dialogs: typeof modals }> {
  requestOverlays();
  const [{ modals: dialogs }] = await Promise.all([import('@mantine/modals'), overlaysMounted]);
  return { id: dialogs.open(options), dialogs };
}
