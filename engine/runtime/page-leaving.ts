/**
 * Whether the page is being left: from its pagehide until a pageshow brings it back (the
 * back/forward cache). The browser cancels the page's requests as it goes, and each rejects as a
 * network failure ("Failed to fetch") that is no failure of the server: not worth a log line.
 */
let leaving = false;

export const pageIsLeaving = (): boolean => leaving;

/** Follows `target`'s pagehide and pageshow (the window; a test's own target). */
export function watchPageLeaving(target: EventTarget): void {
  target.addEventListener('pagehide', () => {
    leaving = true;
  });
  target.addEventListener('pageshow', () => {
    leaving = false;
  });
}

// A test's stand-in window may have no events: nothing to follow there.
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') watchPageLeaving(window);
