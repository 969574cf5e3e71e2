import { isPreviewSide } from '../../common/preview-side.ts';
import { PAGE_HINTS_ID, type PageHints } from '../../common/route-hints.ts';
import { previewSide } from './preview-side.ts';

const NONE: PageHints = { namespaces: [], documents: {} };
let read: PageHints | undefined;

/**
 * What the server put in the page for the boot (server/http/route-hints.ts, issue 25): the
 * namespaces the route's screen waits for, so the boot asks for them with `common` as soon as it
 * knows the language rather than once the screen's code has arrived; and the boot's documents
 * (`/config`, the flags, `/self` when signed in), so it does not wait a round trip for them.
 * Nothing when the page has no hints (the dev server) or they do not parse.
 */
export function bootHints(): PageHints {
  read ??= forThisSide(parse(document.getElementById(PAGE_HINTS_ID)?.textContent));
  return read;
}

/**
 * A preview frame (issue 24) uses the documents only when they were read for its side: a page load
 * from an address that no longer names it (a reload after in-app navigation) was served the
 * session's side, and the boot then asks the API, which the frame's calls tell the side.
 */
function forThisSide(hints: PageHints): PageHints {
  return hints.previewSide === previewSide() ? hints : { namespaces: hints.namespaces, documents: {} };
}

/**
 * The server's render of a page (app/entry-server.tsx) boots from the hints it is about to send,
 * as the browser will: its own for each render, each document taken once again.
 */
export function setPageHints(hints: PageHints): void {
  read = hints;
  taken.clear();
}

function parse(text: string | null | undefined): PageHints {
  if (!text) return NONE;
  try {
    const hints = JSON.parse(text) as Partial<PageHints>;
    return {
      namespaces: Array.isArray(hints.namespaces) ? hints.namespaces.filter((name): name is string => typeof name === 'string') : [],
      documents: hints.documents && typeof hints.documents === 'object' ? hints.documents : {},
      ...(isPreviewSide(hints.previewSide) ? { previewSide: hints.previewSide } : {}),
    };
  } catch {
    return NONE;
  }
}

const taken = new Set<string>();

/**
 * The page's document for one boot read, once: the first boot uses it, any later read (a refresh
 * of /self after a change) asks the API. `T`: the read's document type, as `api.get<T>` would say;
 * the server wrote it from the same route (server/http/boot-documents.ts).
 */
export function takeBootDocument<T>(name: keyof PageHints['documents']): T | undefined {
  if (taken.has(name)) return undefined;
  taken.add(name);
  return bootHints().documents[name] as T | undefined;
}
