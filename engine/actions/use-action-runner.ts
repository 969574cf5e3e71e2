import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import type { ActionDefinition } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { usePortalNavigate } from '../routing/navigation.ts';
import { landingPathFor } from '../routing/landing.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { openConfirmModal } from '../shell/overlays.ts';
import { sessionStore } from '../session/store.ts';
import { runAction, type ActionContext, type ActionOutcome } from './run-action.ts';

/** run(definition, extra) runs an action in the current screen's context (spec: most actions toast on success). */
export function useActionRunner(options: { showsOwnErrors?: boolean } = {}): (definition: ActionDefinition, extra?: Partial<ActionContext>) => Promise<ActionOutcome> {
  const { showsOwnErrors = false } = options;
  const { bindings, refresh } = useScreen();
  const navigate = usePortalNavigate();
  const { t } = useText();
  return useCallback((definition, extra) => runAction(definition, { ...bindings, ...extra }, {
    navigate: (to, state) => navigate(to, state === undefined ? undefined : { state }),
    notify: (kind, key, values) => notifications.show({
      color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'blue',
      message: t(key, values),
    }),
    confirm: (title, message, confirmLabel, values) => new Promise<boolean>((resolve) => {
      void openConfirmModal({
        title: t(title),
        children: t(message, values),
        labels: { confirm: t(confirmLabel ?? 'common.actions.confirm'), cancel: t('common.actions.cancel') },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      });
    }),
    refresh,
    landingPath: () => landingPathFor(sessionStore.get()),
  }, { showsOwnErrors }), [bindings, navigate, refresh, t, showsOwnErrors]);
}
