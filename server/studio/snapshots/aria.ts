import type { Page } from 'playwright-core';

const SETTLE_STEP_MS = 120;
const SETTLE_LIMIT_MS = 15_000;
const inFlight = new WeakMap<Page, Set<unknown>>();
const refused = new WeakMap<Page, string[]>();
/** Still loading: a busy region, a data skeleton, or a widget's Suspense fallback (WidgetTree's Loader). */
const BUSY = 'main [aria-busy="true"], main .mantine-Skeleton-root, main .mantine-Loader-root';

/**
 * Counts the page's requests in flight (call once per page, before navigating), and notes the
 * answers that say the server could not serve it now (5xx, 429: a busy server sheds load): a
 * screen rendered through one shows that error, not what the definitions make of it.
 */
export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  const unserved: string[] = [];
  inFlight.set(page, pending);
  refused.set(page, unserved);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    const reason = request.failure()?.errorText ?? 'failed';
    // The portal calls off a read it no longer needs (a newer filter, a left page): not a failure.
    if (!reason.includes('ERR_ABORTED')) unserved.push(`${request.method()} ${new URL(request.url()).pathname}: ${reason}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 500 || status === 429) unserved.push(`${response.request().method()} ${new URL(response.url()).pathname}: ${status}`);
  });
}

/** The requests of the page that the server could not serve (trackRequests), as "GET /invoices: 503". */
export function unservedRequests(page: Page): readonly string[] {
  return refused.get(page) ?? [];
}

/**
 * The accessibility tree of the page's main landmark once the screen has settled: no request
 * in flight, nothing loading, and the same snapshot twice in a row.
 */
export async function settledMainSnapshot(page: Page): Promise<string> {
  const main = page.locator('main').first();
  await main.waitFor({ timeout: SETTLE_LIMIT_MS });
  const pending = inFlight.get(page);
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let previous = '';
  for (;;) {
    await page.waitForTimeout(SETTLE_STEP_MS);
    const quiet = (pending?.size ?? 0) === 0 && (await page.locator(BUSY).count()) === 0;
    const current = await main.ariaSnapshot();
    if (quiet && current === previous) return current;
    if (Date.now() > deadline) throw new Error(`The screen did not settle within ${SETTLE_LIMIT_MS / 1000} s:\n${current}`);
    previous = quiet ? current : '';
  }
}

/**
 * Masks what legitimately differs between runs. The seed and the server's clock are anchored,
 * so only values made from the browser's own clock remain (none today); add a rule here with
 * the reason when a screen shows one.
 */
export function normaliseSnapshot(snapshot: string): string {
  return snapshot.replace(/[ \t]+$/gm, '');
}

/**
 * A snapshot as QA keeps it (tests/screens/__snapshots__/<screen>--<role>.aria.yml): a comment
 * naming the screen, the role and the address, and where the portal went instead if it did.
 */
export function snapshotText(screen: string, role: string, path: string, shown: string, snapshot: string): string {
  return `# ${screen} as ${role}: ${path}${shown === path.split('?')[0] ? '' : ` (shows ${shown})`}\n${snapshot}\n`;
}
