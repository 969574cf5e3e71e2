import type { modals } from '@mantine/modals';
import type { ActionDialogsFactory } from '../actions/action-environment.ts';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

let mounted!: () => void;
const overlaysMounted = new Promise<void>((resolve) => {
  mounted = resolve;
});

/** Whether a toast or a confirmation has been wanted yet: the overlay host loads them then. */
const overlaysStore = createStore<{ requested: boolean }>()(() => ({ requested: false }));

let dialogsFor: ActionDialogsFactory;

/**
 * Called once the lazily loaded overlays (ModalsProvider, Notifications) are on the page, with
 * the actions' dialogs that travel with them (no chunk of their own for the entry to name).
 */
export function markOverlaysMounted(dialogs: ActionDialogsFactory): void {
  dialogsFor = dialogs;
  mounted();
}

/** The actions' dialogs (actions/action-dialogs.tsx), once the overlays are mounted. */
export async function actionDialogs(): Promise<ActionDialogsFactory> {
  await modalsManager();
  return dialogsFor;
}

/** Asks the overlay host to load the overlays (toasts and confirmations). */
export function requestOverlays(): void {
  overlaysStore.setState({ requested: true });
}

export function useOverlaysRequested(): boolean {
  return useStore(overlaysStore, (state) => state.requested);
}

/**
 * Mantine's modals manager, once the provider that listens for it is mounted: an event sent
 * before would be lost and the question never answered.
 */
export async function modalsManager(): Promise<typeof modals> {
  requestOverlays();
  const [{ modals: dialogs }] = await Promise.all([import('@mantine/modals'), overlaysMounted]);
  return dialogs;
}

export async function openConfirmModal(options: Parameters<typeof modals.openConfirmModal>[0]): Promise<void> {
  (await modalsManager()).openConfirmModal(options);
}
