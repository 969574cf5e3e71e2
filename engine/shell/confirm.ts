import type { Translate } from '../i18n/use-text.ts';
import { openConfirmModal } from './overlays.ts';

/** A translated yes/no question as a promise; `values` fill the message's placeholders. */
export function confirmDialog(
  t: Translate,
  titleKey: string,
  messageKey: string,
  confirmKey = 'common.actions.confirm',
  values?: Record<string, unknown>,
): Promise<boolean> {
  return new Promise((resolve) => {
    void openConfirmModal({
      title: t(titleKey),
      children: t(messageKey, values),
      labels: { confirm: t(confirmKey), cancel: t('common.actions.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
