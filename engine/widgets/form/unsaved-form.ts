import { useEffect } from 'react';
import { setUnsavedChanges } from '../../shell/unsaved-changes.ts';

/** A value the user has not filled: missing, null, an empty text or an empty list. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Plain data with empty values dropped and object keys sorted, so equal contents compare equal. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => !isEmpty(item)).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, normalised(item)]));
  }
  return value;
}

/**
 * Whether the form's data differs from what it started with. An emptied field equals one that
 * was never filled (RJSF drops an emptied text, a record may hold null), so only real edits count.
 */
export function formChanged(initial: Record<string, unknown>, data: Record<string, unknown>): boolean {
  return JSON.stringify(normalised(initial)) !== JSON.stringify(normalised(data));
}

/**
 * spec §2: leaving a page with unsaved changes prompts. While `guards` holds, the form reports
 * whether its data differs from `initial` to the shell's prompt (engine/shell/unsaved-changes.ts),
 * and reports nothing once it is gone. Submitting clears the report first, so the submit's own
 * navigation (back to the list) is not asked about; a failed submit reports the changes again.
 */
export function useUnsavedForm(guards: boolean, initial: Record<string, unknown>, data: Record<string, unknown>) {
  const changed = guards && formChanged(initial, data);
  useEffect(() => { if (guards) setUnsavedChanges(changed); }, [guards, changed]);
  useEffect(() => () => { if (guards) setUnsavedChanges(false); }, [guards]);
  return {
    /** Wraps a submit: no prompt while it runs and navigates; the changes count again when it failed. */
    async submit(send: () => Promise<boolean>): Promise<boolean> {
      if (guards) setUnsavedChanges(false);
      const ok = await send();
      if (!ok && guards) setUnsavedChanges(changed);
      return ok;
    },
  };
}
