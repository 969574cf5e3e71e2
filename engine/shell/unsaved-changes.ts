import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Whether the current screen holds edits not yet saved (forms and plugins report it). */
let dirty = false;

export function setUnsavedChanges(value: boolean): void {
  dirty = value;
}
export function hasUnsavedChanges(): boolean {
  return dirty;
}

/**
 * spec §2: changing customer or merchant guards unsaved page changes, and leaving a page
 * with unsaved changes prompts the user. `confirmLeave` asks; true means go on.
 */
export function useUnsavedChangesPrompt(confirmLeave: () => Promise<boolean>): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave().then((leave) => {
      if (leave) {
        dirty = false;
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, confirmLeave]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
