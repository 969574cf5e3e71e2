/**
 * Lighthouse on pages of the real server, in Debian's Chromium (no browser download, nothing
 * fetched from the internet): one Chromium for all the runs, driven by Lighthouse through its
 * debugging port. Used by the text-compression audit (bench:bundle) and bench:lighthouse.
 */
import { createServer } from 'node:net';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';

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

/** A Cookie header's cookies, for `url`'s origin. */
function cookiesOf(header: string, url: string) {
  const { hostname } = new URL(url);
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
  });
}

export interface LighthouseRun {
  url: string;
  cookie?: string;
}

/**
 * One Lighthouse report per run, in order; a run's `cookie` signs its requests in. The cookies go
 * in the browser's own jar before the run (Lighthouse clears a page's storage before each run, but
 * not its cookies), and the jar is emptied before each run. Not as Lighthouse's `extraHeaders`:
 * once the page writes a cookie of its own (the portal keeps its text scale, common/text-scale.ts),
 * Chromium sends the jar's Cookie header instead, and the session was gone from the page's reads.
 */
export async function runLighthouse(runs: readonly LighthouseRun[], flags: Flags, config?: Config): Promise<Result[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const results: Result[] = [];
    const jar = await browser.newBrowserCDPSession();
    for (const { url, cookie } of runs) {
      await jar.send('Storage.clearCookies');
      if (cookie) await jar.send('Storage.setCookies', { cookies: cookiesOf(cookie, url) });
      const run = await lighthouse(url, { port, logLevel: 'error', output: 'json', ...flags }, config);
      if (!run) throw new Error(`Lighthouse returned no report for ${url}`);
      results.push(run.lhr);
    }
    return results;
  } finally {
    await browser.close();
  }
}
