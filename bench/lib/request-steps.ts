/**
 * Dependent request steps of a page load, from its Resource Timing entries (issue 11: "the list's
 * data request starts at most three dependent steps after the HTML"). Shared by bench/ui.ts and the
 * browser test tests/e2e/cold-load.test.ts.
 *
 * Definition. The HTML document is step 0. Every other request's step is 1 + the step of the
 * latest-finishing request (the document included, images not: nothing a page asks waits for an
 * image to have come) that had finished before it started; a request that started before any
 * request had finished (one the preload scanner found while the HTML was still arriving) is
 * step 1. So a request at step n could not have started before n round trips had completed one
 * after another: entry script (1) → /self (2) → /invoices (3).
 * Times are the entries' startTime and responseEnd (ms from navigation start).
 */
import { SERVER_RENDER_ID } from '../../common/server-render.ts';
export interface TimedRequest {
  name: string;
  startTime: number;
  responseEnd: number;
  /** Resource Timing's initiatorType (script, link, fetch, img, other…); the document has none. */
  initiatorType?: string;
  /** Resource Timing's renderBlockingStatus is "blocking": the browser paints nothing before it has come (the head's stylesheets). */
  renderBlocking?: boolean;
}
export interface SteppedRequest extends TimedRequest {
  step: number;
}

export function requestSteps(document: TimedRequest, requests: readonly TimedRequest[]): SteppedRequest[] {
  const done: SteppedRequest[] = [{ ...document, step: 0 }];
  const ordered = [...requests].sort((a, b) => a.startTime - b.startTime);
  const result: SteppedRequest[] = [];
  for (const request of ordered) {
    let parent: SteppedRequest | undefined;
    for (const candidate of done) {
      if (candidate.responseEnd <= request.startTime && (!parent || candidate.responseEnd > parent.responseEnd)) parent = candidate;
    }
    const stepped = { ...request, step: parent ? parent.step + 1 : 1 };
    if (request.initiatorType !== 'img') done.push(stepped);
    result.push(stepped);
  }
  return result;
}

/**
 * In-page expression (a plain string: the portal's CSP refuses eval, and tsx helpers do not exist
 * in the page) returning the document's and every resource's timing, without the page's icon:
 * the browser fetches that whenever it likes, and nothing the page does waits for it.
 */
export const TIMELINE_PROBE = `(() => {
  const pick = (entry) => ({ name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd, initiatorType: entry.initiatorType, renderBlocking: entry.renderBlockingStatus === 'blocking' });
  const icons = new Set([...document.querySelectorAll('link[rel~="icon"]')].map((link) => link.href));
  const requests = performance.getEntriesByType('resource').filter((entry) => !icons.has(entry.name)).map(pick);
  return { document: pick(performance.getEntriesByType('navigation')[0]), requests };
})()`;

/** The chain of requests that led to `target`: each one's latest-finishing predecessor a step before, from the HTML on. */
function chainTo(document: TimedRequest, stepped: readonly SteppedRequest[], target: SteppedRequest): string[] {
  const chain: string[] = [];
  let current: SteppedRequest | undefined = target;
  while (current) {
    chain.unshift(`${current.step}:${new URL(current.name).pathname}`);
    const start: number = current.startTime;
    const step: number = current.step;
    current = stepped
      .filter((request) => request.initiatorType !== 'img' && request.responseEnd <= start && request.step === step - 1)
      .sort((a, b) => b.responseEnd - a.responseEnd)[0];
  }
  return [`0:${new URL(document.name).pathname}`, ...chain];
}

/** The step of the first request whose URL contains `marker` (e.g. "/invoices?"), with the chain that led to it. */
export function stepOf(
  timeline: { document: TimedRequest; requests: TimedRequest[] },
  marker: string,
): { step: number; chain: string[] } | undefined {
  const stepped = requestSteps(timeline.document, timeline.requests);
  const target = stepped.find((request) => request.name.includes(marker));
  if (!target) return undefined;
  return { step: target.step, chain: chainTo(timeline.document, stepped, target) };
}

/**
 * Issue 25: the dependent steps the first paint (at `paintedAt`, ms from navigation start) waited
 * for ("every request the first paint waits for: scripts, styles, texts, data"): the deepest step
 * among the requests answered by then that it could have waited for, and its chain. Those are the
 * scripts, stylesheets and texts, the screen's data request (URL containing `dataMarker`), and the
 * API reads that started before the app first rendered (`renderedAt`: the boot waits for what it
 * asked until then). Left out: images, and API reads the rendered frame started (its switchers,
 * counters), which the first rows do not wait for. When the rows came in the HTML's markup
 * (`rowsFromMarkup`, FIRST_PAINT_PROBE: a page the server rendered), no script put them there,
 * and their paint waits only for what blocks rendering: the head's stylesheets.
 */
export function paintSteps(
  timeline: { document: TimedRequest; requests: TimedRequest[] },
  paintedAt: number,
  { dataMarker, renderedAt, rowsFromMarkup = false }: { dataMarker: string; renderedAt?: number; rowsFromMarkup?: boolean },
): { step: number; chain: string[] } {
  const stepped = requestSteps(timeline.document, timeline.requests);
  const awaited = (request: SteppedRequest) => {
    if (rowsFromMarkup) return request.renderBlocking === true;
    if (request.initiatorType === 'img') return false;
    const read =
      (request.initiatorType === 'fetch' || request.initiatorType === 'xmlhttprequest') && !/\/locales-[^/]+\//.test(request.name);
    return !read || request.name.includes(dataMarker) || renderedAt === undefined || request.startTime <= renderedAt;
  };
  const answered = stepped.filter((request) => request.responseEnd <= paintedAt && awaited(request));
  const deepest = answered.reduce<SteppedRequest | undefined>(
    (found, request) => (!found || request.step > found.step ? request : found),
    undefined,
  );
  if (!deepest) return { step: 0, chain: [`0:${new URL(timeline.document.name).pathname}`] };
  return { step: deepest.step, chain: chainTo(timeline.document, stepped, deepest) };
}

/**
 * In-page script, installed before any page script (addInitScript): records in
 * window.__firstPaint the time (ms from navigation start) of the first frame painted after an
 * element matching `selector` entered the DOM (requestAnimationFrame, then a task: the frame is
 * out), and in window.__appRendered when the portal replaced its boot spinner (index.html) with
 * the app. window.__rowsFromMarkup says the element came while the HTML was still being parsed:
 * from the markup (a page rendered on the server), for no script of the page runs before the
 * parse ends (its entry is a module).
 */
export const FIRST_PAINT_PROBE = (selector: string) => `(() => {
  const done = () => { window.__rowsFromMarkup = document.readyState === 'loading'; requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => { window.__firstPaint = performance.now(); }; channel.port2.postMessage(0); }); };
  let spinner = false;
  const observer = new MutationObserver(() => {
    if (document.getElementById('boot-spinner')) spinner = true;
    else if (spinner && window.__appRendered === undefined) window.__appRendered = performance.now();
    if (document.querySelector(${JSON.stringify(selector)})) { observer.disconnect(); done(); }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/**
 * In-page expression: the URLs of the reads a server-rendered page carries (issue 25,
 * common/server-render.ts): its boot's answers, and its query cache as the API client would have
 * asked them (resource keys: path and sent parameters); none for a page rendered in the browser.
 */
export const SERVER_RENDERED_READS = `(() => {
  const state = JSON.parse(document.getElementById(${JSON.stringify(SERVER_RENDER_ID)})?.textContent ?? 'null');
  const cached = (state?.queries?.queries ?? []).map(({ queryKey: [, path, params] }) => {
    const query = new URLSearchParams(params ?? {}).toString();
    return query ? path + '?' + query : path;
  });
  return [...Object.keys(state?.responses ?? {}), ...cached];
})()`;
