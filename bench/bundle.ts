/**
 * `npm run bench:bundle`: for /login and for /account/overview (signed in as payer), the
 * JavaScript and CSS a browser loads on a cold load, per chunk, as two figures: its gzip size (gzip -9
 * of the file, the budget's measure) and the bytes on the wire from the real server with
 * Chromium's Accept-Encoding (brotli, pre-compressed at build). Then Lighthouse's text-compression
 * audit on /login and a signed-in list page. Budget: /login ≤ 160 KB gzip JS.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/launch.ts';
import { buildPortal, startPortalServer } from '../tests/support/portal-server.ts';
import { type AuditResult, auditTextCompression } from './lib/text-compression-audit.ts';

const LOGIN_BUDGET_BYTES = 160 * 1024;

interface Loaded {
  url: string;
  kind: 'js' | 'css';
  gzip: number;
  wire: number;
  encoding: string;
}

async function measure(page: Page, action: () => Promise<void>): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    pending.push(
      (async () => {
        const body = await response.body();
        await response.finished();
        const sizes = await response.request().sizes();
        loaded.push({
          url: url.pathname,
          kind,
          gzip: gzipSync(body, { level: 9 }).length,
          wire: sizes.responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'none',
        });
      })().catch(() => undefined),
    );
  });
  await action();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return loaded.sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (items: Loaded[], kind: Loaded['kind'], size: 'gzip' | 'wire') =>
  items.filter((item) => item.kind === kind).reduce((total, item) => total + item[size], 0);

function report(name: string, loaded: Loaded[]): { js: number; wireJs: number; lines: string[] } {
  const js = sum(loaded, 'js', 'gzip');
  const wireJs = sum(loaded, 'js', 'wire');
  const lines = [
    `### ${name}: ${kb(js)} JS + ${kb(sum(loaded, 'css', 'gzip'))} CSS gzip; on the wire ${kb(wireJs)} JS + ${kb(sum(loaded, 'css', 'wire'))} CSS; ${loaded.length} files`,
    '',
    '| chunk | gzip | transferred | encoding |',
    '|---|---|---|---|',
    ...loaded.map((item) => `| ${item.url} | ${kb(item.gzip)} | ${kb(item.wire)} | ${item.encoding} |`),
    '',
  ];
  console.log(lines.join('\n'));
  return { js, wireJs, lines };
}

function auditLines(results: AuditResult[]): string[] {
  const lines = [
    'Lighthouse uses-text-compression:',
    ...results.map(
      (result) =>
        `- ${new URL(result.url).pathname}: ${result.passed ? 'passed' : 'FAILED'} (score ${result.score})` +
        result.offenders.map((offender) => `\n  - ${offender.url} would save ${kb(offender.wastedBytes)}`).join(''),
    ),
    '',
  ];
  console.log(lines.join('\n'));
  return lines;
}

async function main(): Promise<void> {
  buildPortal('dist-bench');
  const server = await startPortalServer({ staticDir: 'dist-bench', bigCustomerInvoices: 100 });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    await context.addInitScript(`localStorage.setItem('portal.consentedToTracking', 'out')`);
    const page = await context.newPage();
    const login = report(
      '/login',
      await measure(page, async () => {
        await page.goto(`${server.url}/login`);
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      }),
    );
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('payer');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Portal#2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/account/overview');
    // A new context with the session only: nothing cached, so every chunk crosses the wire.
    const signedIn = await browser.newContext({ storageState: await context.storageState() });
    const fresh = await signedIn.newPage();
    const overview = report(
      '/account/overview (cold load, signed in)',
      await measure(fresh, async () => {
        await fresh.goto(`${server.url}/account/overview`);
        await fresh.locator('[data-stat]').first().waitFor();
      }),
    );
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const audits = auditLines([
      ...(await auditTextCompression([`${server.url}/login`])),
      ...(await auditTextCompression([`${server.url}/invoice-list/billed`], cookie)),
    ]);
    const verdict = login.js <= LOGIN_BUDGET_BYTES ? 'within budget' : 'MISSED';
    console.log(`/login JavaScript: ${kb(login.js)} gzip of ${kb(LOGIN_BUDGET_BYTES)} budget: ${verdict}; ${kb(login.wireJs)} on the wire`);
    if (process.env.BENCH_RESULTS === '0') return;
    if (!existsSync('bench/RESULTS.md')) writeFileSync('bench/RESULTS.md', '# Benchmark results\n\n');
    appendFileSync(
      'bench/RESULTS.md',
      [
        `## Bundle size, ${new Date().toISOString().slice(0, 10)}`,
        '',
        `/login loads ${kb(login.js)} gzip JavaScript (budget ${kb(LOGIN_BUDGET_BYTES)}: ${verdict}), ${kb(login.wireJs)} on the wire; ` +
          `/account/overview ${kb(overview.js)} gzip, ${kb(overview.wireJs)} on the wire.`,
        '',
        ...audits,
        ...login.lines,
        ...overview.lines,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
