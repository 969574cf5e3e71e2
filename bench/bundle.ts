/**
 * `npm run bench:bundle`: the gzip size of the JavaScript and CSS a browser actually loads for
 * /login and for /account/overview (signed in as payer), per chunk, measured in Debian's
 * Chromium against the built portal on the real server. Budget: /login ≤ 150 KB gzip JS.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/launch.ts';
import { buildPortal, startPortalServer } from '../tests/support/portal-server.ts';

const LOGIN_BUDGET_BYTES = 150 * 1024;

interface Loaded { url: string; kind: 'js' | 'css'; gzip: number }

async function measure(page: Page, action: () => Promise<void>): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    pending.push(response.body().then((body) => { loaded.push({ url: url.pathname, kind, gzip: gzipSync(body, { level: 9 }).length }); }).catch(() => undefined));
  });
  await action();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return loaded.sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(name: string, loaded: Loaded[]): { js: number; css: number; lines: string[] } {
  const js = loaded.filter((item) => item.kind === 'js').reduce((sum, item) => sum + item.gzip, 0);
  const css = loaded.filter((item) => item.kind === 'css').reduce((sum, item) => sum + item.gzip, 0);
  const lines = [`### ${name}: ${kb(js)} JS + ${kb(css)} CSS (gzip), ${loaded.length} files`, '', '| chunk | gzip |', '|---|---|',
    ...loaded.map((item) => `| ${item.url} | ${kb(item.gzip)} |`), ''];
  console.log(lines.join('\n'));
  return { js, css, lines };
}

async function main(): Promise<void> {
  buildPortal('dist-bench');
  const server = await startPortalServer({ staticDir: 'dist-bench', bigCustomerInvoices: 100 });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    await context.addInitScript(`localStorage.setItem('portal.consentedToTracking', 'out')`);
    const page = await context.newPage();
    const login = report('/login', await measure(page, async () => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    }));
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('payer');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Portal#2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/account/overview');
    const fresh = await context.newPage();
    const overview = report('/account/overview (fresh load, signed in)', await measure(fresh, async () => {
      await fresh.goto(`${server.url}/account/overview`);
      await fresh.locator('[data-stat]').first().waitFor();
    }));
    const verdict = login.js <= LOGIN_BUDGET_BYTES ? 'within budget' : 'MISSED';
    console.log(`/login JavaScript: ${kb(login.js)} of ${kb(LOGIN_BUDGET_BYTES)} budget: ${verdict}`);
    if (process.env.BENCH_RESULTS === '0') return;
    if (!existsSync('bench/RESULTS.md')) writeFileSync('bench/RESULTS.md', '# Benchmark results\n\n');
    appendFileSync('bench/RESULTS.md', [`## Bundle size, ${new Date().toISOString().slice(0, 10)}`, '',
      `/login loads ${kb(login.js)} gzip JavaScript (budget ${kb(LOGIN_BUDGET_BYTES)}: ${verdict}); /account/overview ${kb(overview.js)}.`, '',
      ...login.lines, ...overview.lines].join('\n'));
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(() => process.exit(0), (error: unknown) => { console.error(error); process.exit(1); });
