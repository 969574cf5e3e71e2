import { useCallback } from 'react';
import { useOptionalQueryClient } from '../data/data-layer.tsx';
import { invalidateResources } from '../data/resource-keys.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { usePortalNavigate } from '../routing/navigation.ts';
import { landingPathFor } from '../routing/landing.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { confirmDialog } from '../shell/confirm.ts';
import { actionDialogs } from '../shell/overlays.ts';
import { useToast } from '../shell/toast.ts';
import { sessionStore } from '../session/store.ts';
import type { ActionContext, ActionOutcome } from './action-environment.ts';
import { runAction } from './run-action.ts';

/** run(definition, extra) runs an action in the current screen's context (spec: most actions toast on success). */
export function useActionRunner(
  options: { showsOwnErrors?: boolean } = {},
): (definition: ActionDefinition, extra?: Partial<ActionContext>) => Promise<ActionOutcome> {
  const { showsOwnErrors = false } = options;
  const { bindings } = useScreen();
  // None on the sign-in pages, which have cached nothing (data/data-layer.tsx).
  const queryClient = useOptionalQueryClient();
  const navigate = usePortalNavigate();
  const { t } = useText();
  const toast = useToast();
  return useCallback(
    (definition, extra) =>
      runAction(
        definition,
        { ...bindings, ...extra },
        {
          navigate: (to, state) => navigate(to, state === undefined ? undefined : { state }),
          notify: toast,
          confirm: (title, message, confirmLabel, values) => confirmDialog(t, title, message, confirmLabel, values),
          refresh: () => {
            if (queryClient) void invalidateResources(queryClient);
          },
          forgetData: () => queryClient?.clear(),
          landingPath: () => landingPathFor(sessionStore.get()),
          // Dialogs holding a form or a secret come with the overlays (app/Overlays.tsx), on first use.
          dialogs: async () => (await actionDialogs())(t, bindings),
        },
        { showsOwnErrors },
      ),
    [bindings, navigate, queryClient, t, toast, showsOwnErrors],
  );
}
