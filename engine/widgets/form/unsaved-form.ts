import { useEffect, useMemo, useRef } from 'react';
import { setUnsavedChanges } from '../../shell/unsaved-changes.ts';

/** A value the user has not filled: missing, null, an empty text or an empty list. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Plain data with empty values dropped and object keys sorted, so equal contents compare equal. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => !isEmpty(item))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, normalised(item)]),
    );
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

/** What an edit form reports to the shell's prompt (spec §2); the renderers call it. */
export interface UnsavedTracking {
  /** The form's data now: the prompt asks on leaving while it differs from the record. */
  changed(data: Record<string, unknown>): void;
  /** Wraps a submit: no prompt while it runs and navigates; the changes count again when it failed. */
  submit(send: () => Promise<boolean>): Promise<boolean>;
}

/**
 * spec §2: leaving a page with unsaved changes prompts. A form editing a record (EditForm) makes
 * one of these and hands it to its renderer, so only such screens load this module and the
 * shell's prompt; it reports nothing once the form is gone.
 */
export function useUnsavedTracking(initial: Record<string, unknown>): UnsavedTracking {
  const changedNow = useRef(false);
  useEffect(() => () => setUnsavedChanges(false), []);
  return useMemo(
    () => ({
      changed(data) {
        changedNow.current = formChanged(initial, data);
        setUnsavedChanges(changedNow.current);
      },
      async submit(send) {
        setUnsavedChanges(false);
        const ok = await send();
        if (!ok) setUnsavedChanges(changedNow.current);
        return ok;
      },
    }),
    [initial],
  );
}
