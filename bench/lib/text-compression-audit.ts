/**
 * Lighthouse's text-compression audit (`uses-text-compression`) run on one page of the real
 * server, in Debian's Chromium: every text response over 1.4 KB that compression would shrink by
 * 10% or more must arrive compressed. Only that audit runs, without throttling, so a page takes
 * seconds. Lighthouse drives the browser through its debugging port.
 */
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export interface AuditResult { url: string; passed: boolean; score: number | null; offenders: Array<{ url: string; wastedBytes: number }> }

/** A free loopback port for Chromium's remote debugging. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Audits each URL; `cookie` signs the requests in (Lighthouse resets the page's storage first). */
export async function auditTextCompression(urls: string[], cookie?: string): Promise<AuditResult[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  try {
    const results: AuditResult[] = [];
    for (const url of urls) {
      const run = await lighthouse(url, {
        port, logLevel: 'error', output: 'json', onlyAudits: ['uses-text-compression'],
        formFactor: 'desktop', screenEmulation: { disabled: true }, throttlingMethod: 'provided',
        ...(cookie ? { extraHeaders: { cookie } } : {}),
      });
      const audit = run?.lhr.audits['uses-text-compression'];
      if (!audit) throw new Error(`Lighthouse returned no text-compression audit for ${url}`);
      const items = (audit.details as { items?: Array<{ url: string; wastedBytes: number }> } | undefined)?.items ?? [];
      results.push({ url, score: audit.score, passed: audit.score === 1 && items.length === 0, offenders: items.map(({ url: offender, wastedBytes }) => ({ url: offender, wastedBytes })) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
