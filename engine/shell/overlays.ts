import type { modals } from '@mantine/modals';

let mounted!: () => void;
const overlaysMounted = new Promise<void>((resolve) => { mounted = resolve; });
let requested = false;
const listeners = new Set<() => void>();

/** Called once the lazily loaded overlays (ModalsProvider, Notifications) are on the page. */
export function markOverlaysMounted(): void {
  mounted();
}

/** Asks the overlay host to load the overlays (toasts and confirmations). */
export function requestOverlays(): void {
  requested = true;
  for (const listener of listeners) listener();
}

export function overlaysRequested(): boolean {
  return requested;
}

export function onOverlaysRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
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
