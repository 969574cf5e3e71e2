import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, signIn } from '../e2e/support/browser.ts';
import { normaliseSnapshot, settledMainSnapshot, snapshotText, trackRequests } from '../../server/studio/snapshots/aria.ts';
import { screenCases, SNAPSHOT_CUSTOMER, SNAPSHOT_TODAY, type Role, type ScreenCase } from './matrix.ts';

/**
 * Every screen definition rendered for each role its guard lets in, against the demo data:
 * the accessibility tree of <main> compared with tests/screens/__snapshots__/<screen>--<role>.aria.yml.
 * `npm run test:screens -- --update` (or UPDATE_SNAPSHOTS=1) rewrites the files.
 */
const SNAPSHOTS = join(dirname(fileURLToPath(import.meta.url)), '__snapshots__');
const update = process.env.UPDATE_SNAPSHOTS === '1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in and makes C-1001 the active customer (M-2001 the merchant) where the user has to choose one. */
async function startSession(page: Page, role: Role): Promise<void> {
  if (role === 'public') return;
  await signIn(page, role);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  if (role === 'admin' || role === 'corporate') {
    await page.goto(`${baseUrl()}/account/customers`);
    await page.locator(`[data-customer="${SNAPSHOT_CUSTOMER}"] button`).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/account/customers'));
  }
  if (role === 'dealer') {
    // The dealer has two merchants: the screens that need one are snapshotted for M-2001.
    await page.goto(`${baseUrl()}/cgi-bin/merchant-select`);
    await page.getByRole('button', { name: /\(M-2001\)/ }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/cgi-bin/merchant-select'));
  }
}

const byRole = new Map<Role, ScreenCase[]>();
for (const entry of screenCases()) byRole.set(entry.role, [...(byRole.get(entry.role) ?? []), entry]);

// Roles one after the other; a role's screens concurrently (maxConcurrency), each in its own
// tab of the role's signed-in browser context, loaded from scratch.
for (const [role, cases] of byRole) {
  describe.concurrent(`screens as ${role}`, () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(browser);
      // The browser's clock starts on the seed's day too (and runs on from there).
      await context.clock.install({ time: new Date(`${SNAPSHOT_TODAY}T15:00:00Z`) });
      const page = await context.newPage();
      await startSession(page, role);
      await page.close();
    });
    afterAll(async () => {
      await context?.close();
    });

    it.for(cases)('$screen ($path)', async ({ screen, path }, { expect }) => {
      const page = await context.newPage();
      trackRequests(page);
      try {
        await page.goto(`${baseUrl()}${encodeURI(path)}`);
        const snapshot = normaliseSnapshot(await settledMainSnapshot(page));
        const shown = decodeURI(new URL(page.url()).pathname);
        const text = snapshotText(screen, role, path, shown, snapshot);
        const file = join(SNAPSHOTS, `${screen}--${role}.aria.yml`);
        if (update) {
          mkdirSync(SNAPSHOTS, { recursive: true });
          writeFileSync(file, text);
          return;
        }
        await expect(text).toMatchFileSnapshot(file);
      } finally {
        await page.close();
      }
    });
  });
}
