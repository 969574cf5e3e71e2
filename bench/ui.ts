/**
 * `npm run bench:ui` (issue 25): how fast a buyer's first screen paints, beside the floor, the least
 * a page can do for the same screen: the HTML, one small script (bench/ui-floor/), the same first
 * data request with the same session, its rows rendered as a plain table. For the invoice list,
 * the account overview, the dispute centre and the dealer's home, cold (a fresh browser context per
 * run: empty HTTP cache, the session's cookies and storage only), at 1x and 4x CPU slowdown (the
 * DevTools Protocol's Emulation.setCPUThrottlingRate), runs interleaved (floor, portal, floor,
 * portal…), medians. Also the dependent request steps the first paint waited for, with their chain
 * (bench/lib/request-steps.ts `paintSteps`). Targets: within 1.25x of the floor, at most 3 steps.
 *
 * BENCH_UI_BASELINE=<git ref> also builds that commit's portal and measures it interleaved in the
 * same runs (floor, portal, baseline, …): the before and after of a change under the same load.
 * BENCH_UI_RUNS (default 5), BENCH_UI_RATES (default "1,4"), BENCH_UI_SCREENS (names, comma-separated).
 * Appends a dated section to bench/RESULTS.md (BENCH_RESULTS=0: print only).
 *
 * `npm run bench:ui -- --interactions` (also `npm run bench:inp`) measures interactions instead: bench/interactions.ts.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/launch.ts';
import { buildPortal, startPortalServer } from '../tests/support/portal-server.ts';
import { runInteractionsBench } from './interactions.ts';
import { machine } from './lib/report.ts';
import { buildBaseline, median, sessionOf, type StorageState } from './lib/ui-session.ts';
import { FIRST_PAINT_PROBE, paintSteps, SERVER_RENDERED_READS, stepOf, TIMELINE_PROBE, type TimedRequest } from './lib/request-steps.ts';

const RUNS = Number(process.env.BENCH_UI_RUNS ?? 5);
const RATES = (process.env.BENCH_UI_RATES ?? '1,4').split(',').map(Number);
const BASELINE = process.env.BENCH_UI_BASELINE;
const TARGET_RATIO = 1.25;
const TARGET_STEPS = 3;
const FLOOR_PATH = '/bench-floor/';
const FLOOR_ROW = 'tr[data-floor-row]';
const VIEWPORT = { width: 1280, height: 900 };

/** A screen under test: who opens it, where, what its first painted data is, and its first data request. */
interface ScreenCase {
  name: string;
  user: 'admin' | 'dealer';
  customer?: string;
  path: string;
  ready: string;
  data: string;
}

const SCREENS = (
  [
    {
      name: 'invoice list',
      user: 'admin',
      customer: 'C-1004',
      path: '/invoice-list/Billed',
      ready: '[data-table="invoices"] tbody tr[data-row-id]',
      data: '/invoices?',
    },
    {
      name: 'account overview',
      user: 'admin',
      customer: 'C-1004',
      path: '/account/overview',
      ready: '[data-widget-id="exposure"] [data-stat-value]',
      data: '/exposures',
    },
    {
      name: 'dispute centre',
      user: 'admin',
      customer: 'C-1001',
      path: '/dispute-center',
      ready: '[data-table="disputes"] tbody tr[data-row-id]',
      data: '-disputes?',
    },
    {
      name: 'dealer home',
      user: 'dealer',
      path: '/merchant/home',
      ready: '[data-table="merchant-figures"] tbody tr[data-row-id]',
      data: '/merchant-figures',
    },
  ] satisfies ScreenCase[] as ScreenCase[]
).filter((screen) => !process.env.BENCH_UI_SCREENS || process.env.BENCH_UI_SCREENS.split(',').includes(screen.name));

type SubjectName = 'floor' | 'portal' | 'baseline';
/** One page measured: its URL, the element that says its data is painted, and the session it opens with. */
interface Subject {
  name: SubjectName;
  url: string;
  ready: string;
  storageState: StorageState;
}
interface ColdRun {
  firstRows: number;
  steps: number;
  chain: string[];
  dataStep: number;
}

// In-page probes are plain JavaScript strings: functions compiled by tsx would carry helpers
// (__name) that do not exist in the page, and the portal's CSP refuses eval.

/** Polls a page expression until it is truthy (not waitForFunction: it evals, which the CSP refuses). */
async function waitForExpression<T>(page: Page, expression: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = (await page.evaluate(expression)) as T;
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${expression} on ${page.url()}`);
    await page.waitForTimeout(50);
  }
}

/**
 * A cold load: a fresh context holding only the session's cookies and storage, the CPU slowed
 * down `rate` times, one navigation, no warm-up. The time of the first frame with the data
 * painted, the steps that paint waited for, and the step of the first data request: 0 when the
 * page came rendered on the server with that read in it (issue 25), which the browser then never asks.
 */
async function coldRun(browser: Browser, subject: Subject, rate: number, dataMarker: string): Promise<ColdRun & { dataUrl: string }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT, storageState: subject.storageState });
  try {
    await context.addInitScript(FIRST_PAINT_PROBE(subject.ready));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(subject.url);
    const firstRows = await waitForExpression<number>(page, 'window.__firstPaint');
    const timeline = (await page.evaluate(TIMELINE_PROBE)) as { document: TimedRequest; requests: TimedRequest[] };
    const renderedAt = (await page.evaluate('window.__appRendered')) as number | undefined;
    const rowsFromMarkup = (await page.evaluate('window.__rowsFromMarkup')) === true;
    const paint = paintSteps(timeline, firstRows, { dataMarker, rowsFromMarkup, ...(renderedAt === undefined ? {} : { renderedAt }) });
    const data = stepOf(timeline, dataMarker);
    const dataRequest = timeline.requests.find((request) => request.name.includes(dataMarker));
    if (data && dataRequest) return { firstRows, steps: paint.step, chain: paint.chain, dataStep: data.step, dataUrl: dataRequest.name };
    const carried = ((await page.evaluate(SERVER_RENDERED_READS)) as string[]).find((url) => url.includes(dataMarker));
    if (!carried) throw new Error(`${subject.name} ${subject.url}: no request with ${dataMarker}, and none in the page`);
    return { firstRows, steps: paint.step, chain: paint.chain, dataStep: 0, dataUrl: new URL(carried, subject.url).href };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => value.toFixed(0);

async function main(): Promise<void> {
  const started = new Date();
  const host = machine();
  const dist = mkdtempSync(join(tmpdir(), 'ui-bench-'));
  const baselineDist = BASELINE ? mkdtempSync(join(tmpdir(), 'ui-bench-before-')) : undefined;
  buildPortal(dist);
  cpSync(resolve('bench/ui-floor'), join(dist, FLOOR_PATH), { recursive: true });
  if (BASELINE && baselineDist) buildBaseline(BASELINE, baselineDist);
  const server = await startPortalServer({ staticDir: dist, bigCustomerInvoices: 12_000 });
  const baselineServer = baselineDist ? await startPortalServer({ staticDir: baselineDist, bigCustomerInvoices: 12_000 }) : undefined;
  const browser = await launchBrowser();
  const results: Array<{ screen: ScreenCase; rate: number; runs: Record<SubjectName, ColdRun[]> }> = [];
  try {
    for (const screen of SCREENS) {
      const storageState = await sessionOf(browser, server.url, screen.user, screen.customer);
      const portal: Subject = { name: 'portal', url: `${server.url}${screen.path}`, ready: screen.ready, storageState };
      // One unmeasured load learns the screen's first data request (and warms the server's caches).
      const learnt = await coldRun(browser, portal, 1, screen.data);
      const dataPath = new URL(learnt.dataUrl);
      const floor: Subject = {
        name: 'floor',
        url: `${server.url}${FLOOR_PATH}index.html?data=${encodeURIComponent(dataPath.pathname + dataPath.search)}`,
        ready: FLOOR_ROW,
        storageState,
      };
      const subjects = [floor, portal];
      if (baselineServer) {
        const baseline: Subject = {
          name: 'baseline',
          url: `${baselineServer.url}${screen.path}`,
          ready: screen.ready,
          storageState: await sessionOf(browser, baselineServer.url, screen.user, screen.customer),
        };
        await coldRun(browser, baseline, 1, screen.data);
        subjects.push(baseline);
      }
      console.log(`${screen.name}: ${screen.path}, first data request ${dataPath.pathname}${dataPath.search}`);
      for (const rate of RATES) {
        const runs: Record<SubjectName, ColdRun[]> = { floor: [], portal: [], baseline: [] };
        for (let run = 0; run < RUNS; run += 1) {
          for (const subject of subjects) runs[subject.name].push(await coldRun(browser, subject, rate, screen.data));
        }
        results.push({ screen, rate, runs });
        const line = (name: SubjectName) => (runs[name].length ? `${name} ${ms(median(runs[name].map((each) => each.firstRows)))} ms` : '');
        console.log(`  ${rate}x: ${[line('floor'), line('portal'), line('baseline')].filter(Boolean).join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await baselineServer?.close();
    rmSync(dist, { recursive: true, force: true });
    if (baselineDist) rmSync(baselineDist, { recursive: true, force: true });
  }

  const firstOf = (runs: ColdRun[]) => median(runs.map((run) => run.firstRows));
  const mostSteps = (runs: ColdRun[]) => Math.max(...runs.map((run) => run.steps));
  const withBaseline = results.some((result) => result.runs.baseline.length > 0);
  const header = withBaseline
    ? [
        '| screen | CPU | floor (ms) | portal (ms) | portal/floor | baseline (ms) | baseline/floor | paint steps portal (baseline) | data step |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ]
    : ['| screen | CPU | floor (ms) | portal (ms) | portal/floor | paint steps | data step |', '|---|---:|---:|---:|---:|---:|---:|'];
  const rows = results.map(({ screen, rate, runs }) => {
    const floor = firstOf(runs.floor);
    const portal = firstOf(runs.portal);
    const dataStep = Math.max(...runs.portal.map((run) => run.dataStep));
    if (!withBaseline)
      return `| ${screen.name} | ${rate}x | ${ms(floor)} | ${ms(portal)} | ${(portal / floor).toFixed(2)} | ${mostSteps(runs.portal)} | ${dataStep} |`;
    const baseline = firstOf(runs.baseline);
    return `| ${screen.name} | ${rate}x | ${ms(floor)} | ${ms(portal)} | ${(portal / floor).toFixed(2)} | ${ms(baseline)} | ${(baseline / floor).toFixed(2)} | ${mostSteps(runs.portal)} (${mostSteps(runs.baseline)}) | ${dataStep} |`;
  });
  const targets = results.flatMap(({ screen, rate, runs }) => {
    const ratio = firstOf(runs.portal) / firstOf(runs.floor);
    return [
      `${screen.name}, ${rate}x: cold first rows within ${TARGET_RATIO}x of the floor: ${ratio <= TARGET_RATIO ? 'OK' : 'MISSED'} (${ratio.toFixed(2)}); first paint at most ${TARGET_STEPS} dependent steps: ${mostSteps(runs.portal) <= TARGET_STEPS ? 'OK' : 'MISSED'} (${mostSteps(runs.portal)})`,
    ];
  });
  const notes = results.flatMap(({ screen, rate, runs }) => {
    const each = (name: SubjectName) =>
      runs[name].length ? `${name} ${runs[name].map((run) => ms(run.firstRows)).join(', ')}` : undefined;
    const deepest = (name: SubjectName) => [...runs[name]].sort((a, b) => b.steps - a.steps)[0];
    const chain = (name: SubjectName) => (runs[name].length ? `${name}: ${deepest(name)!.chain.join(' → ')}` : undefined);
    return [
      `${screen.name}, ${rate}x, each run (ms): ${[each('floor'), each('portal'), each('baseline')].filter(Boolean).join('; ')}`,
      `${screen.name}, ${rate}x, the first paint's longest chain: ${[chain('floor'), chain('portal'), chain('baseline')].filter(Boolean).join('; ')}`,
    ];
  });
  const section = [
    '',
    `## UI benchmark (\`npm run bench:ui\`), ${started.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Debian's Chromium (headless, ${VIEWPORT.width}x${VIEWPORT.height}) against the built portal on the real server (in-process PGlite, demo seed with C-1004's 12,000 invoices).`,
    `Cold first data painted: a fresh browser context per run with the signed-in session's cookies and storage (empty HTTP cache), median of ${RUNS} interleaved runs (floor, portal${withBaseline ? `, baseline = ${BASELINE}` : ''}), at each CPU slowdown.`,
    `Floor (bench/ui-floor/): the HTML, one small script, the portal's own first data request with the same session, its rows as a plain table.`,
    `Machine: nproc ${host.nproc} (${host.cpu}), ${host.memoryGb} GiB; Node ${host.node}; load average at start ${host.loadAverage}.`,
    '',
    ...header,
    ...rows,
    '',
    'Targets:',
    '',
    ...targets.map((target) => `- ${target}`),
    '',
    'Notes:',
    '',
    '- paint steps (bench/lib/request-steps.ts paintSteps): the HTML is step 0; a request is 1 + the step of the latest-finishing request that had answered before it started; the figure is the deepest step among the requests answered before the first data was painted that it could have waited for (scripts, styles, texts, the data request, API reads started before the app first rendered; not images nor the reads the rendered frame started; only the render-blocking ones, the stylesheets in the head, when the rows came in the HTML markup), most of the runs.',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
  console.log(section);
  if (process.env.BENCH_RESULTS !== '0' && existsSync('bench/RESULTS.md')) appendFileSync('bench/RESULTS.md', section);
}

(process.argv.includes('--interactions') ? runInteractionsBench() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
