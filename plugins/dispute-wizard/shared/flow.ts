import { useCallback, useEffect } from 'react';
import { confirmDialog } from '../../../engine/shell/confirm.ts';
import { setUnsavedChanges } from '../../../engine/shell/unsaved-changes.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { usePortalNavigate } from '../../../engine/routing/navigation.ts';

/**
 * Reports unsaved input to the shell (spec §2: leaving with unsaved changes prompts) while the
 * flow holds some, and offers Cancel: it asks first when there is input, then leaves to `to`
 * without writing anything (spec §4: cancelling leaves the disputes unchanged).
 */
export function useLeaveFlow(dirty: boolean, to: string) {
  const { t } = useText();
  const navigate = usePortalNavigate();
  useEffect(() => {
    setUnsavedChanges(dirty);
  }, [dirty]);
  useEffect(() => () => setUnsavedChanges(false), []);
  const leave = useCallback(() => {
    setUnsavedChanges(false);
    navigate(to);
  }, [navigate, to]);
  const cancel = useCallback(async () => {
    if (dirty && !(await confirmDialog(t, 'disputes.wizard.cancelTitle', 'disputes.wizard.cancelMessage', 'disputes.wizard.cancelConfirm')))
      return;
    leave();
  }, [dirty, leave, t]);
  return { cancel, leave };
}

/** The ids of a comma list in the query string, in order, without blanks or repeats. */
export function idList(raw: string | null): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}
