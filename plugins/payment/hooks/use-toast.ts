import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useText } from '../../../engine/i18n/use-text.ts';

/** Success and failure toasts (spec §8), translated, with a named close button. */
export function useToast(): (kind: 'success' | 'error', key: string, values?: Record<string, unknown>) => void {
  const { t } = useText();
  return useCallback((kind, key, values) => {
    notifications.show({
      color: kind === 'success' ? 'green' : 'red',
      message: t(key, values),
      closeButtonProps: { 'aria-label': t('table.dismiss') },
    });
  }, [t]);
}
