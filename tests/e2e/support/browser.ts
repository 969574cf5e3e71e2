import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SERVER_RENDERED_READS } from '../../../bench/lib/request-steps.ts';
import { launchBrowser } from './launch.ts';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export const DEMO_PASSWORD = 'Portal#2026';
export const baseUrl = (host = 'localhost') => inject('baseUrl').replace('localhost', host);

export { launchBrowser };

/** A fresh browser profile (cookies, local storage) with consent already chosen unless asked otherwise. */
export async function newContext(
  browser: Browser,
  options: { consent?: 'in' | 'out' | null; locale?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US', viewport: { width: 1280, height: 900 } });
  // CI runs the browser, screen and API suites side by side on two cores: allow for slow moments.
  context.setDefaultTimeout(45_000);
  const consent = options.consent === undefined ? 'out' : options.consent;
  if (consent) await context.addInitScript(`localStorage.setItem('portal.consentedToTracking', '${consent}')`);
  context.on('page', answeringAfterLoads);
  return context;
}

/** Resolves once no part of the page waits for hydration (engine/session/HydrationRegion.tsx, issue 25). */
export async function untilHydrated(page: Page): Promise<void> {
  await page.locator('[data-hydrating]').first().waitFor({ state: 'detached' });
}

/**
 * A server-rendered page (issue 25) shows its first screen before the browser has hydrated it,
 * inert until then. A user waits for it to answer; a test's page load does the same, so a
 * `setInputFiles`, a measurement or a read of the rows sees the page as it will stay.
 */
function answeringAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await untilHydrated(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await untilHydrated(page);
    return response;
  };
}

export async function signIn(page: Page, username: string, host = 'localhost', password = DEMO_PASSWORD): Promise<void> {
  await signInAt(page, baseUrl(host), username, password);
}

/**
 * Chooses `customerId` on the customer picker a signed-in admin lands on, and waits until the
 * portal has left the picker: a wait for any /account/ page was met by the picker itself, and a
 * test's next goto then cancelled the choice's POST /session_data (a cards test failed on it).
 */
export async function chooseCustomer(page: Page, customerId: string): Promise<void> {
  await page.waitForURL('**/account/customers');
  await page.locator(`[data-customer="${customerId}"] button`).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/account/customers'));
}

/** Signs in on the portal at `origin`: the shared server, or another a test was given. */
export async function signInAt(page: Page, origin: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe in the page (through the DevTools protocol, which the page's CSP does not govern). */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // The settled page: a list dims its rows while a read is under way (data-loading), which axe
  // would count as low contrast of content nobody is meant to read yet. Still busy after the
  // wait, it is checked as it is.
  await page
    .waitForFunction(() => !document.querySelector('[data-loading], [aria-busy="true"]'), undefined, { timeout: 5_000 })
    .catch(() => {});
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context?: unknown,
            options?: unknown,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.targets.join(', ')}`);
}

/**
 * One browser per test file and a fresh context and page per test (each test signs in anew):
 * registers the hooks and hands each test's page, with the file's browser, to `onPage`.
 */
export function usePagePerTest(onPage: (page: Page, browser: Browser) => void): void {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser);
    onPage(await context.newPage(), browser);
  });
  afterEach(async () => {
    await context?.close();
  });
}

/**
 * The program API reads of a page a document load (`load`: a goto or a reload) brought: those the
 * browser sent, and, for a page rendered on the server (issue 25), those the server made for it,
 * which the page carries (its boot's answers and its first screen's query cache, under
 * SERVER_RENDER_ID) and the browser does not send again. The first whose URL `matches`.
 */
export async function readOfLoad(page: Page, load: () => Promise<unknown>, matches: (url: URL) => boolean): Promise<URL> {
  const sent: URL[] = [];
  const onRequest = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (matches(url)) sent.push(url);
  };
  page.on('request', onRequest);
  try {
    await load();
    // Hydrated or rendered anew (which drops the carried reads): the page's own reads are then known.
    await untilHydrated(page);
    const deadline = Date.now() + 45_000;
    for (;;) {
      const found = sent[0] ?? (await carriedReads(page)).find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('No read of the page matched');
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', onRequest);
  }
}

/** The URLs a server-rendered page's render read (none for a page the browser rendered alone). */
async function carriedReads(page: Page): Promise<URL[]> {
  const paths = (await page.evaluate(SERVER_RENDERED_READS)) as string[];
  return paths.map((path) => new URL(path, page.url()));
}
