import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useText } from '../i18n/use-text.ts';

export type ToastKind = 'success' | 'error' | 'info';

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue' };

/**
 * The portal's toasts (spec §8 "most actions show a success toast"): a translated message and a
 * close button with an accessible name. Everything that toasts goes through here.
 */
export function useToast(): (kind: ToastKind, key: string, values?: Record<string, unknown>) => void {
  const { t } = useText();
  return useCallback((kind, key, values) => {
    notifications.show({ color: COLORS[kind], message: t(key, values), closeButtonProps: { 'aria-label': t('common.actions.dismiss') } });
  }, [t]);
}
