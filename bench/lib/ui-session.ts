/** What the browser benchmarks (bench/ui.ts, bench/interactions.ts) share: sessions, medians, a baseline build. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const PASSWORD = 'Portal#2026';
const VIEWPORT = { width: 1280, height: 900 };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const temporaryDirectory = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A session's storage: signed in as `user`, with `customer` chosen when the user has several. */
export async function sessionOf(
  browser: Browser,
  baseUrl: string,
  user: 'admin' | 'dealer' | 'payer',
  customer?: string,
): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT });
  try {
    await context.addInitScript(`localStorage.setItem('portal.consentedToTracking', 'out')`);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    if (customer) {
      await page.waitForURL('**/account/customers');
      await page.locator(`[data-customer="${customer}"] button`).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/account/customers'));
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Builds `ref`'s portal into `outDir` from a detached worktree sharing this checkout's node_modules. */
export function buildBaseline(ref: string, outDir: string): void {
  const tree = temporaryDirectory('ui-bench-baseline-');
  execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, ref], { stdio: 'ignore' });
  try {
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'), 'dir');
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir], {
      cwd: tree,
      stdio: 'inherit',
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
  }
}
