import { useCallback } from 'react';
import { useText } from '../i18n/use-text.ts';
import { requestOverlays } from './overlays.ts';

export type ToastKind = 'success' | 'error' | 'info';

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue' };

/**
 * The portal's toasts (spec §8 "most actions show a success toast"): a translated message and a
 * close button with an accessible name. Everything that toasts goes through here. The toast
 * code loads with the first toast, beside the overlays that show it (app/OverlayHost.tsx).
 */
export function useToast(): (kind: ToastKind, key: string, values?: Record<string, unknown>) => void {
  const { t } = useText();
  return useCallback(
    (kind, key, values) => {
      const toast = { color: COLORS[kind], message: t(key, values), closeButtonProps: { 'aria-label': t('common.actions.dismiss') } };
      requestOverlays();
      void import('@mantine/notifications').then(({ notifications }) => {
        notifications.show(toast);
      });
    },
    [t],
  );
}
