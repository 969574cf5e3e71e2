/**
 * `npm run bench:inp` (= `npm run bench:ui -- --interactions`, issue 25): interaction to next paint
 * of the heaviest screens at 4x CPU slowdown (the DevTools Protocol's Emulation.setCPUThrottlingRate),
 * measured in the page with the Event Timing API (a PerformanceObserver of type 'event',
 * durationThreshold 16): each interaction's latency is the longest event entry of its interactionId
 * (input delay + handlers + the next frame's presentation), as INP counts it.
 *
 * - re-sort a 10,000-row invoice page (C-1004, /invoice-list/Billed?size=10000) by amount, and back;
 * - filter it: type into its search box;
 * - the dispute wizard (payer, INV-100013): type in the Comments field, then in the disputed amount;
 * - the payment flow (C-1004, /payment/due): tick 25 invoices (the first unticked row each time; the list scrolls);
 * - switch the language of a signed-in screen (the invoice list) to the next one and back, by keys on its menu.
 *
 * Each scenario runs BENCH_UI_RUNS times (default 5) in a fresh page. BENCH_UI_BASELINE=<git ref>
 * also builds that commit's portal and runs every scenario on it in alternation (baseline, current,
 * baseline, …): a before/after under the same load of a shared machine. An interaction whose entries
 * all stayed under the 16 ms threshold counts as 16 ms. Prints p50 and max per interaction kind
 * against the 200 ms target, with the load average beside each, and appends them to bench/RESULTS.md
 * (BENCH_RESULTS=0: print only). BENCH_INP_FRAME_PROBE=0 leaves out the frame probe (FRAME_PROBE below).
 * BENCH_INP_SCENARIOS=sort,filter,… picks scenarios; BENCH_UI_DIST=<dir>
 * measures a portal built before into <dir> instead of building this checkout, and
 * BENCH_UI_BASELINE_DIST=<dir> the baseline's (named by BENCH_UI_BASELINE) instead of building it.
 */
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/launch.ts';
import { buildPortal, startPortalServer } from '../tests/support/portal-server.ts';
import { buildBaseline, sessionOf, temporaryDirectory, type StorageState } from './lib/ui-session.ts';
import { machine } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_UI_RUNS ?? 5);
const RATE = 4;
const TARGET_MS = 200;
/** Entries shorter than this are not reported (the API's minimum threshold). */
const THRESHOLD_MS = 16;
/** Enough invoices for C-1004 that its Billed list fills a 10,000-row page (about 1 in 7 is Billed). */
const BIG_CUSTOMER_INVOICES = 72_000;
const VIEWPORT = { width: 1366, height: 900 };
const BASELINE = process.env.BENCH_UI_BASELINE;

/**
 * Headless Chromium's software compositor reports a frame's presentation only with the next frame
 * it swaps, and it swaps none while nothing on the page changes. A trace of the payment flow's
 * slow ticks at 4x (bench/RESULTS.md, 2026-11-28) showed the tick's frame drawn and swapped 50 ms
 * after the input (Display::DrawAndSwap, SoftwareRenderer::SwapBuffers), then no damage until the
 * driver's next scroll some 600 ms later, whose swap delivered the tick's presentation time: the
 * Event Timing entry said 640 ms for a frame on screen at 50. A display's refresh delivers it at
 * the next vsync. The probe keeps one pixel's opacity animating on the compositor (no main-thread
 * work, no layout), so every refresh swaps and each frame's presentation is reported as it
 * happens (a trace shows a swap every 16.7 ms with it, none without). At the page's top: an
 * animated pixel at its bottom edge gave no swap in headless Chromium. BENCH_INP_FRAME_PROBE=0
 * measures without it.
 */
const FRAME_PROBE = process.env.BENCH_INP_FRAME_PROBE !== '0';
const FRAME_PROBE_SCRIPT = `addEventListener('DOMContentLoaded', () => {
  const pixel = document.createElement('div');
  pixel.setAttribute('aria-hidden', 'true');
  Object.assign(pixel.style, { position: 'fixed', left: '0', top: '0', width: '1px', height: '1px', background: '#000', pointerEvents: 'none', zIndex: '2147483647' });
  document.documentElement.append(pixel);
  pixel.animate([{ opacity: 0.02 }, { opacity: 0.04 }], { duration: 1000, iterations: Infinity, direction: 'alternate' });
});`;

/** In the page from its first script: every event entry of an interaction, kept until read. */
const EVENT_PROBE = `(() => {
  window.__interactionEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__interactionEvents.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: ${THRESHOLD_MS}, buffered: true });
})();`;

type Kind =
  | 'sort 10,000 rows'
  | 'filter 10,000 rows (type in search)'
  | 'dispute wizard: type comment'
  | 'dispute wizard: type amount'
  | 'payment: tick 25 invoices'
  | 'switch language';
interface Measured {
  kind: Kind;
  latencies: number[];
  events: string[];
}
type Variant = 'current' | 'baseline';
interface Portal {
  variant: Variant;
  url: string;
  admin: StorageState;
  payer: StorageState;
}

/** Polls a page expression until truthy (page.waitForFunction evals, which the portal's CSP refuses). */
async function until(page: Page, expression: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${expression} on ${page.url()}`);
    await page.waitForTimeout(100);
  }
}

/** Waits until the page is idle (two frames, then a quiet moment) so the observer has delivered every entry. */
async function settle(page: Page): Promise<void> {
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 400))))');
}

/** The interactions recorded since the last call: one latency each (the longest entry of its interactionId). */
async function takeInteractions(page: Page): Promise<{ latencies: number[]; events: string[] }> {
  await settle(page);
  const entries = (await page.evaluate('window.__interactionEvents.splice(0)')) as Array<{ id: number; name: string; duration: number }>;
  const byInteraction = new Map<number, { duration: number; name: string }>();
  for (const entry of entries) {
    const known = byInteraction.get(entry.id);
    if (!known || entry.duration > known.duration) byInteraction.set(entry.id, { duration: entry.duration, name: entry.name });
  }
  return {
    latencies: [...byInteraction.values()].map((each) => each.duration),
    events: [...byInteraction.values()].map((each) => each.name),
  };
}

/** `performed` interactions took place; those without any entry (all under the threshold) count as the threshold. */
function padded(latencies: number[], performed: number): number[] {
  return [...latencies, ...Array.from({ length: Math.max(0, performed - latencies.length) }, () => THRESHOLD_MS)];
}

async function openPage(
  browser: Browser,
  portal: Portal,
  session: StorageState,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT, storageState: session });
  await context.addInitScript(EVENT_PROBE);
  if (FRAME_PROBE) await context.addInitScript(FRAME_PROBE_SCRIPT);
  const page = await context.newPage();
  await page.goto(`${portal.url}${path}`);
  return { context, page };
}

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
}

const BIG_LIST = '/invoice-list/Billed?size=10000';
const ROWS = '[data-table="invoices"] tbody tr[data-row-id]';
const rangeSays = (text: string) =>
  `(document.querySelector('[data-table="invoices"] [data-range]')?.textContent ?? '').includes(${JSON.stringify(text)})`;

/** The 10,000-row page, loaded and idle, throttled. */
async function openBigList(browser: Browser, portal: Portal) {
  const opened = await openPage(browser, portal, portal.admin, BIG_LIST);
  await until(opened.page, `document.querySelectorAll('${ROWS}').length > 0 && ${rangeSays('10,000')}`);
  await throttle(opened.context, opened.page);
  await takeInteractions(opened.page);
  return opened;
}

const firstRowId = `document.querySelector('${ROWS}')?.getAttribute('data-row-id')`;

async function sortScenario(browser: Browser, portal: Portal): Promise<Measured[]> {
  const { context, page } = await openBigList(browser, portal);
  try {
    const sort = page.locator('[data-table="invoices"] button[data-sort="amount"]');
    for (const direction of ['ascending', 'descending']) {
      const before = (await page.evaluate(firstRowId)) as string;
      await sort.click();
      await until(
        page,
        `document.querySelector('[data-table="invoices"] th[aria-sort="${direction}"] button[data-sort="amount"]') && ${firstRowId} !== ${JSON.stringify(before)}`,
      );
    }
    const taken = await takeInteractions(page);
    return [{ kind: 'sort 10,000 rows', latencies: padded(taken.latencies, 2), events: taken.events }];
  } finally {
    await context.close();
  }
}

async function filterScenario(browser: Browser, portal: Portal): Promise<Measured[]> {
  const { context, page } = await openBigList(browser, portal);
  try {
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.click();
    await takeInteractions(page);
    const typed = 'INV-4001';
    await search.pressSequentially(typed, { delay: 150, timeout: 180_000 });
    // The rows follow the search (all of INV-4001xx); the keystrokes' entries are what is measured.
    await until(page, `!${rangeSays('10,000')} && document.querySelectorAll('${ROWS}').length > 0`);
    const taken = await takeInteractions(page);
    return [{ kind: 'filter 10,000 rows (type in search)', latencies: padded(taken.latencies, typed.length), events: taken.events }];
  } finally {
    await context.close();
  }
}

async function disputeScenario(browser: Browser, portal: Portal): Promise<Measured[]> {
  const { context, page } = await openPage(browser, portal, portal.payer, '/dispute/create?invoiceIds=T-1001-0013');
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  try {
    await button('Continue').click();
    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Incorrect amount', exact: true }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Charged more than agreed');
    const comments = page.getByRole('textbox', { name: 'Comments' });
    await comments.click();
    await throttle(context, page);
    await takeInteractions(page);
    const comment = 'Price per unit differs';
    await comments.pressSequentially(comment, { delay: 100, timeout: 180_000 });
    const commentTaken = await takeInteractions(page);
    await button('Continue').click();
    const amount = page.getByRole('textbox', { name: 'Disputed amount for invoice INV-100013' });
    await amount.click();
    await amount.fill('');
    await takeInteractions(page);
    const typed = '100.25';
    await amount.pressSequentially(typed, { delay: 100, timeout: 180_000 });
    const amountTaken = await takeInteractions(page);
    return [
      { kind: 'dispute wizard: type comment', latencies: padded(commentTaken.latencies, comment.length), events: commentTaken.events },
      { kind: 'dispute wizard: type amount', latencies: padded(amountTaken.latencies, typed.length), events: amountTaken.events },
    ];
  } finally {
    await context.close();
  }
}

async function paymentScenario(browser: Browser, portal: Portal): Promise<Measured[]> {
  const { context, page } = await openPage(browser, portal, portal.admin, '/payment/due');
  try {
    const unticked = page.locator('[data-table="payable-invoices"] tbody tr[data-row-id] input[type="checkbox"]:not(:checked)');
    await until(page, `document.querySelectorAll('[data-table="payable-invoices"] tbody tr[data-row-id]').length > 0`);
    await throttle(context, page);
    await takeInteractions(page);
    // The first unticked row each time: the list scrolls (its rows are virtual) as a user's would.
    for (let index = 0; index < 25; index += 1) await unticked.first().click({ timeout: 180_000 });
    await until(page, `document.body.textContent.includes('Selected: 25')`);
    const taken = await takeInteractions(page);
    return [{ kind: 'payment: tick 25 invoices', latencies: padded(taken.latencies, 25), events: taken.events }];
  } finally {
    await context.close();
  }
}

async function languageScenario(browser: Browser, portal: Portal): Promise<Measured[]> {
  const { context, page } = await openPage(browser, portal, portal.admin, '/invoice-list/Billed');
  try {
    await until(page, `document.querySelectorAll('${ROWS}').length > 0`);
    await throttle(context, page);
    await takeInteractions(page);
    const menu = page.getByTestId('language-menu');
    await menu.focus();
    await takeInteractions(page);
    // A native select changed by keys, the next language and back: selectOption would set the value
    // from script, an event the Event Timing API does not time (only trusted input is).
    await page.keyboard.press('ArrowDown');
    await until(page, `document.documentElement.lang !== 'en'`);
    await page.keyboard.press('ArrowUp');
    await until(page, `document.documentElement.lang === 'en'`);
    const taken = await takeInteractions(page);
    return [{ kind: 'switch language', latencies: padded(taken.latencies, 2), events: taken.events }];
  } finally {
    await context.close();
  }
}

const SCENARIOS: Record<string, (browser: Browser, portal: Portal) => Promise<Measured[]>> = {
  sort: sortScenario,
  filter: filterScenario,
  dispute: disputeScenario,
  payment: paymentScenario,
  language: languageScenario,
};

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
};

export async function runInteractionsBench(): Promise<void> {
  const started = new Date();
  const host = machine();
  const chosen = Object.keys(SCENARIOS).filter(
    (name) => !process.env.BENCH_INP_SCENARIOS || process.env.BENCH_INP_SCENARIOS.split(',').includes(name),
  );
  // BENCH_UI_DIST: a portal built before (vite build --outDir), for trying a scenario without building again.
  const prebuilt = process.env.BENCH_UI_DIST;
  const dist = prebuilt ?? temporaryDirectory('inp-bench-');
  // BENCH_UI_BASELINE_DIST: the baseline's portal built before (BENCH_UI_BASELINE then only names it in the figures).
  const prebuiltBaseline = BASELINE ? process.env.BENCH_UI_BASELINE_DIST : undefined;
  const baselineDist = BASELINE ? (prebuiltBaseline ?? temporaryDirectory('inp-bench-before-')) : undefined;
  if (!prebuilt) buildPortal(dist);
  if (BASELINE && baselineDist && !prebuiltBaseline) buildBaseline(BASELINE, baselineDist);
  const servers = [await startPortalServer({ staticDir: dist, bigCustomerInvoices: BIG_CUSTOMER_INVOICES })];
  if (baselineDist) servers.unshift(await startPortalServer({ staticDir: baselineDist, bigCustomerInvoices: BIG_CUSTOMER_INVOICES }));
  const browser = await launchBrowser();
  // per variant, per kind: every interaction's latency, and the load average of each run
  const figures = new Map<string, { latencies: number[]; loads: string[]; events: Set<string> }>();
  try {
    const portals: Portal[] = [];
    for (const [index, server] of servers.entries()) {
      const variant: Variant = baselineDist && index === 0 ? 'baseline' : 'current';
      portals.push({
        variant,
        url: server.url,
        admin: await sessionOf(browser, server.url, 'admin', 'C-1004'),
        payer: await sessionOf(browser, server.url, 'payer'),
      });
    }
    for (const name of chosen) {
      // One unmeasured round per portal: the server's caches and the browser's code are warm for every measured one.
      for (const portal of portals) await SCENARIOS[name]!(browser, portal).catch(() => []);
      for (let run = 0; run < RUNS; run += 1) {
        for (const portal of portals) {
          // A run that fails (a page starved of CPU past every timeout) is reported and left out, not the whole bench.
          const measured = await SCENARIOS[name]!(browser, portal).catch((error: unknown) => {
            console.log(
              `  ${portal.variant}, ${name}, run ${run + 1}: FAILED, left out (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
            );
            return [] as Measured[];
          });
          const load = loadavg()[0]!.toFixed(1);
          for (const each of measured) {
            const key = `${portal.variant}|${each.kind}`;
            const entry = figures.get(key) ?? { latencies: [], loads: [], events: new Set<string>() };
            entry.latencies.push(...each.latencies);
            entry.loads.push(load);
            for (const event of each.events) entry.events.add(event);
            figures.set(key, entry);
            console.log(
              `  ${portal.variant}, ${each.kind}, run ${run + 1}: ${each.latencies.map((value) => value.toFixed(0)).join(' ')} ms (load average ${load})`,
            );
          }
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
    if (!prebuilt) rmSync(dist, { recursive: true, force: true });
    if (baselineDist && !prebuiltBaseline) rmSync(baselineDist, { recursive: true, force: true });
  }

  const rows = [...figures.entries()].map(([key, entry]) => {
    const [variant, kind] = key.split('|') as [Variant, Kind];
    const p50 = percentile(entry.latencies, 0.5);
    const max = Math.max(...entry.latencies);
    return {
      variant,
      kind,
      p50,
      max,
      entry,
      line: `| ${kind}${BASELINE ? ` (${variant})` : ''} | ${entry.latencies.length} | ${p50.toFixed(0)} | ${max.toFixed(0)} | ${max <= TARGET_MS ? 'OK' : 'MISSED'} | ${[...entry.events].join(', ')} | ${entry.loads.join(', ')} |`,
    };
  });
  const section = [
    '',
    `## Interactions (\`npm run bench:inp\`), ${started.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Debian's Chromium (headless, ${VIEWPORT.width}x${VIEWPORT.height}) at ${RATE}x CPU slowdown against the built portal on the real server (in-process PGlite, demo seed with ${BIG_CUSTOMER_INVOICES.toLocaleString('en-US')} invoices for C-1004).`,
    `Event Timing API in the page (PerformanceObserver 'event', durationThreshold ${THRESHOLD_MS}): an interaction's latency is its longest entry; interactions with no entry count as ${THRESHOLD_MS} ms. ${RUNS} runs of each scenario in a fresh page after one unmeasured run${BASELINE ? `, alternating baseline (${BASELINE}) and current` : ''}; p50 and max over every interaction of every run.`,
    FRAME_PROBE
      ? `Frame probe on: one pixel's opacity animates on the compositor, so headless Chromium swaps every frame and reports each frame's presentation when it happens, not with the next change on the page (see FRAME_PROBE in bench/interactions.ts).`
      : `Frame probe off (BENCH_INP_FRAME_PROBE=0): presentation times as headless Chromium reports them, with the next frame it swaps.`,
    `The machine was shared with other agents' builds and tests: the 1-minute load average after each run is printed beside the figures.`,
    `Machine: nproc ${host.nproc} (${host.cpu}), ${host.memoryGb} GiB; Node ${host.node}; load average at start ${host.loadAverage}.`,
    '',
    `| interaction | interactions | p50 ms | max ms | max ≤ ${TARGET_MS} ms | slowest event types | load average per run |`,
    '|---|---:|---:|---:|---|---|---|',
    ...rows.map((row) => row.line),
    '',
  ].join('\n');
  console.log(section);
  if (process.env.BENCH_RESULTS !== '0' && existsSync('bench/RESULTS.md')) appendFileSync('bench/RESULTS.md', section);
}
