import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FIRST_PAINT_PROBE, paintSteps, stepOf, TIMELINE_PROBE, type TimedRequest } from '../../bench/lib/request-steps.ts';
import { LANGUAGE_COOKIE } from '../../common/locales.ts';
import { SERVER_RENDER_ID, SERVER_STYLE_ATTRIBUTE } from '../../common/server-render.ts';
import { parseTextScale, TEXT_SCALE_COOKIE } from '../../common/text-scale.ts';
import { ROW_HEIGHT, SERVER_VIEW } from '../../engine/widgets/table/VirtualBody.tsx';
import { baseUrl, chooseCustomer, newContext, signInAt, usePagePerTest } from './support/browser.ts';

let page: Page;
let browser: Browser;
usePagePerTest((created, launched) => {
  page = created;
  browser = launched;
});

interface Timeline {
  document: TimedRequest;
  requests: TimedRequest[];
}

/** A network round trip, far longer than the main thread's pauses between the boot's calls. */
const ROUND_TRIP_MS = 150;

const FIRST_ROW = '[data-table="invoices"] tbody tr[data-row-id]';

/**
 * Issue 11, a cold load without a waterfall: signed in, a fresh browser (empty cache) opening a
 * list asks for the list's rows at most three dependent request steps after the HTML (entry
 * script → /self → rows; bench/lib/request-steps.ts defines a step), and asks once: the route
 * loader's read and the table's are the same query. Issue 25: and the first rows paint after at
 * most three dependent steps: every request answered before that paint (scripts, styles, texts,
 * data) counts, so code or texts discovered late fail it.
 */
describe('cold load of a list', () => {
  // Without the added round trip, this local server answers in a few milliseconds, and a boot
  // call that a busy main thread issued 10 ms late counted as a step after one that had already
  // answered (three failed attempts in one full run). Still retried for what a loaded machine may
  // do otherwise; a real waterfall fails every attempt (one made by asking /self only after /config
  // did, on purpose).
  it.each([
    ['rendered in the browser', false],
    ['rendered on the server', true],
  ])(
    '%s: starts the invoices request within three dependent steps of the HTML, once, and paints the rows within three',
    {
      retry: 2,
    },
    async (_, onServer) => {
      const origin = onServer ? baseUrl() : inject('browserRenderedUrl');
      await signInAt(page, origin, 'payer');
      await page.waitForURL(/\/account\//);
      const storageState = await page.context().storageState();

      const cold = await newContext(browser);
      try {
        await cold.addCookies(storageState.cookies);
        // Every request waits ROUND_TRIP_MS before it goes out, as over a real network: a step is
        // then a round trip, not the few milliseconds a busy test machine takes between two calls.
        await cold.route('**/*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, ROUND_TRIP_MS));
          await route.continue();
        });
        await cold.addInitScript(FIRST_PAINT_PROBE(FIRST_ROW));
        const coldPage = await cold.newPage();
        await coldPage.goto(`${origin}/invoice-list/Billed`);
        await coldPage.locator(FIRST_ROW).first().waitFor();
        await expect.poll(() => coldPage.evaluate('window.__firstPaint')).toBeGreaterThan(0);
        const paintedAt = (await coldPage.evaluate('window.__firstPaint')) as number;
        const timeline = (await coldPage.evaluate(TIMELINE_PROBE)) as Timeline;
        const invoices = timeline.requests.filter((request) => request.name.includes('/invoices?'));
        // Issue 25: the page comes rendered on the server with the list's first read in it (its
        // query cache): the browser asks for it no more. Rendered in the browser, it would ask once,
        // within three steps.
        const serverRendered = await coldPage.evaluate((id) => document.getElementById(id) !== null, SERVER_RENDER_ID);
        if (serverRendered) expect(invoices.map((request) => new URL(request.name).search)).toHaveLength(0);
        else {
          expect(invoices.map((request) => new URL(request.name).search)).toHaveLength(1);
          const data = stepOf(timeline, '/invoices?');
          expect(data?.step, data?.chain.join(' → ')).toBeLessThanOrEqual(3);
        }
        expect(serverRendered, 'the cold invoice list is rendered on the server').toBe(onServer);
        const renderedAt = (await coldPage.evaluate('window.__appRendered')) as number;
        // Rendered on the server, the rows are in the markup: parsed before any script of the page
        // ran, their paint waits only for the head's stylesheets (paintSteps).
        const rowsFromMarkup = (await coldPage.evaluate('window.__rowsFromMarkup')) === true;
        expect(rowsFromMarkup, 'the rows came in the HTML').toBe(onServer);
        const paint = paintSteps(timeline, paintedAt, { dataMarker: '/invoices?', renderedAt, rowsFromMarkup });
        expect(paint.step, paint.chain.join(' → ')).toBeLessThanOrEqual(3);
      } finally {
        await cold.close();
      }
    },
  );

  /**
   * Issue 25: the cold invoice list's HTML carries its first rows (rendered on the server with the
   * session's own reads), the browser hydrates that markup rather than rendering it again (no
   * mismatch: React reports one as a recoverable error, which the portal logs to the console), and
   * the page answers afterwards (a sort click re-sorts the rows).
   */
  it('sends the cold invoice list rendered, inert until hydrated, hydrates it without a mismatch, and takes the first click', async () => {
    const origin = baseUrl();
    await signInAt(page, origin, 'payer');
    await page.waitForURL(/\/account\//);
    const storageState = await page.context().storageState();
    const cold = await newContext(browser);
    try {
      await cold.addCookies(storageState.cookies);
      const url = `${origin}/invoice-list/Billed`;
      const html = await (await cold.request.get(url, { headers: { accept: 'text/html' } })).text();
      const markup = html.slice(html.indexOf('<div id="root">'));
      expect(markup).toContain('data-table="invoices"');
      // Rows, however many other files' payments have left Billed on the shared server (4 in one full run).
      expect(markup.match(/<tr [^>]*data-row-id=/g)?.length ?? 0).toBeGreaterThan(0);
      expect(html).toContain(`id="${SERVER_RENDER_ID}"`);
      // Announced in its language and painted in the tenant's colours before any script runs
      // (Mantine's colours are defined under the root's colour scheme, which its provider sets when it runs).
      expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
      // No style attribute in the markup: the strict CSP would refuse it (common/server-render.ts).
      expect(markup).not.toMatch(/<[^>]+ style="/);

      const coldPage = await cold.newPage();
      const errors: string[] = [];
      coldPage.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      coldPage.on('pageerror', (error) => errors.push(error.message));
      const asked: string[] = [];
      coldPage.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await coldPage.goto(url);
      const table = coldPage.locator('[data-table="invoices"]');
      await table.locator('tbody tr[data-row-id]').first().waitFor();
      // Hydrated: the styles the server moved out of the HTML are the elements' own again, and the
      // portal's own effects ran (the document's title is the screen's).
      await expect.poll(() => coldPage.locator(`[${SERVER_STYLE_ATTRIBUTE}]`).count()).toBe(0);
      await expect.poll(() => coldPage.title()).toContain('·');
      // The texts the render read come in the page too: hydrating asks for none of them again.
      const carried = JSON.parse(html.match(new RegExp(`id="${SERVER_RENDER_ID}"[^>]*>([^<]*)<`))?.[1] ?? '{}') as {
        responses?: Record<string, unknown>;
      };
      const carriedTexts = Object.keys(carried.responses ?? {}).filter((path) => path.endsWith('.json') && path.startsWith('/assets/'));
      expect(carriedTexts.map((path) => path.split('/').at(-1))).toEqual(expect.arrayContaining(['common.json', 'invoices.json']));
      expect(asked.filter((path) => carriedTexts.includes(path))).toEqual([]);
      const before = await table.locator('tbody tr[data-row-id]').first().getAttribute('data-row-id');
      // The markup is on screen before the browser has hydrated the table's part (its chunk and
      // texts come after the HTML): until then the part is inert and takes no pointer
      // (engine/session/HydrationRegion.tsx), so the first click, which waits for it, is taken.
      expect(markup).toMatch(/<div class="hydration-region"[^>]* data-hydrating=""/);
      await table.locator('button[data-sort="amount"]').click();
      await expect.poll(() => coldPage.url()).toContain('sort');
      expect(await coldPage.locator('[data-hydrating]').count()).toBe(0);
      await expect.poll(() => table.locator('th[aria-sort]').count()).toBe(1);
      await expect.poll(() => table.locator('tbody tr[data-row-id]').first().getAttribute('data-row-id')).not.toBe(before);
      expect(errors.filter((text) => /hydrat|recoverable|Minified React error/i.test(text))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await cold.close();
    }
  });

  /**
   * Issue 25: the server renders for the page's width, which Chromium sends once asked
   * (Sec-CH-Viewport-Width; common/viewport-hint.ts): the columns a table keeps, the side menu, a
   * phone's cards. The hydrated page then keeps what was on screen: the same columns, cards where
   * the markup had cards, and on a wide page almost no layout shift (it was 0.084 at 1,350 px when
   * the server rendered every column for a width it did not know, and the browser dropped some).
   */
  it.each([
    [1350, 'table'],
    [390, 'cards'],
  ] as const)('renders the cold invoice list for a page %i px wide, as the browser keeps it', async (width, shape) => {
    const origin = baseUrl();
    await signInAt(page, origin, 'payer');
    await page.waitForURL(/\/account\//);
    const storageState = await page.context().storageState();
    const cold = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
    try {
      await cold.addCookies(storageState.cookies);
      const url = `${origin}/invoice-list/Billed`;
      const answer = await cold.request.get(url, { headers: { accept: 'text/html', 'sec-ch-viewport-width': String(width) } });
      expect(answer.headers()['critical-ch']).toBe('Sec-CH-Viewport-Width');
      const markup = (await answer.text()).split('<div id="root">')[1] ?? '';
      const serverColumns = markup.match(/<th[ >]/g)?.length ?? 0;
      if (shape === 'cards') expect(markup).toContain('data-cards=""');
      else expect(serverColumns).toBeGreaterThan(3);
      // The payer's locations are read with the screen: the header's switcher is in the markup.
      expect(markup).toContain('data-testid="location-switcher"');

      await cold.addInitScript(
        `window.__shift = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value; }).observe({ type: 'layout-shift', buffered: true });`,
      );
      const coldPage = await cold.newPage();
      await coldPage.goto(url);
      expect(await coldPage.evaluate((id) => document.getElementById(id) !== null, SERVER_RENDER_ID), 'rendered on the server').toBe(true);
      await coldPage.locator('[data-row-id]').first().waitFor();
      await expect.poll(() => coldPage.locator('[data-hydrating]').count()).toBe(0);
      // The browser's own plan, after its layout: what the user sees once the page has settled.
      await coldPage.waitForTimeout(500);
      if (shape === 'cards') expect(await coldPage.locator('[data-cards]').count()).toBe(1);
      else expect(await coldPage.locator('[data-table="invoices"] thead th').count()).toBe(serverColumns);
      // On a phone too: the header's rows of switchers are in the page's flow from the first paint,
      // and the location switcher's choices come with the page (it was 0.11 to 0.23 at 390 px when
      // the header's height was measured after hydration and the switcher loaded afterwards).
      expect(await coldPage.evaluate('window.__shift')).toBeLessThan(0.02);
      if (shape === 'cards') expect(await coldPage.getByTestId('location-switcher').count()).toBe(1);
    } finally {
      await cold.close();
    }
  });

  /**
   * Issue 25: the server estimates text widths (the portal's font is the system's). A browser whose
   * font draws wider than the estimate got, at 1,024 px in German, one column more from the server
   * than it kept once hydrated. The browser keeps its measure (common/text-scale.ts) from the first
   * page it opens (the sign-in page), and the server's renders plan the columns that browser keeps,
   * from the first table on.
   */
  it.each([
    ['de', 1024],
    // One ratio for every kind of character planned German headers narrow: 10 columns against 9.
    ['de', 1180],
    ['bg', 1180],
  ] as const)(
    "plans a table's columns with the browser's own text scale from the first table after sign-in (%s, %i px)",
    async (language, width) => {
      const origin = baseUrl();
      await signInAt(page, origin, 'payer');
      await page.waitForURL(/\/account\//);
      // Measured once the sign-in page was idle, before any table was drawn.
      await expect
        .poll(async () => parseTextScale((await page.context().cookies(origin)).find((cookie) => cookie.name === TEXT_SCALE_COOKIE)?.value))
        .toBeDefined();
      const cold = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      try {
        await cold.addCookies([...(await page.context().storageState()).cookies, { name: LANGUAGE_COOKIE, value: language, url: origin }]);
        const url = `${origin}/invoice-list/Billed`;
        const answer = await cold.request.get(url, { headers: { accept: 'text/html', 'sec-ch-viewport-width': String(width) } });
        const planned = ((await answer.text()).split('<div id="root">')[1] ?? '').match(/<th[ >]/g)?.length ?? 0;
        expect(planned).toBeGreaterThan(3);
        const shown = await cold.newPage();
        await shown.goto(url);
        await expect.poll(() => shown.locator('[data-hydrating]').count()).toBe(0);
        // The browser's own plan, after its layout: what the user sees once the page has settled.
        await shown.waitForTimeout(500);
        expect(await shown.locator('[data-table="invoices"] thead th').count()).toBe(planned);
      } finally {
        await cold.close();
      }
    },
  );

  /**
   * Issue 25: the sign-in page measures the font the portal's theme draws, however late its boot
   * reads answer. Measured when the page was first idle, it measured Mantine's default font (the
   * theme's is set once the app has rendered): 0.96 against the tables' 1.08 in one run of six,
   * and the server then planned a column more than the browser kept.
   */
  it('keeps the text scale the tables measure from the sign-in page, however late the boot answers', async () => {
    const origin = baseUrl();
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    try {
      const slowBoot = await context.newPage();
      // The page's texts and its session answer late: the page is idle before the app has rendered.
      let slow = true;
      await slowBoot.route('**/*', async (route) => {
        if (slow && route.request().resourceType() === 'fetch') await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      const scale = async () => (await context.cookies(origin)).find((cookie) => cookie.name === TEXT_SCALE_COOKIE)?.value;
      await signInAt(slowBoot, origin, 'payer');
      await expect.poll(scale, { timeout: 15_000 }).toBeDefined();
      const fromSignIn = await scale();
      await slowBoot.waitForURL(/\/account\//);
      slow = false;
      await slowBoot.goto(`${origin}/invoice-list/Billed`);
      await slowBoot.locator(FIRST_ROW).first().waitFor();
      await expect.poll(() => slowBoot.locator('[data-hydrating]').count()).toBe(0);
      // The table measures its own font once hydrated and keeps the cookie when it differs.
      await slowBoot.waitForTimeout(500);
      expect(await scale()).toBe(fromSignIn);
    } finally {
      await context.close();
    }
  });

  /**
   * Issue 25: the server's markup holds the rows of its view only (VirtualBody.tsx SERVER_VIEW),
   * none of those beyond it for a scroll: no one sees them before the page's code runs, and each
   * cost the render, the parse and the first paint. The browser adds them once hydrated.
   */
  it("renders only its view's rows on the server, and the rows beyond it once hydrated (admin, C-1004)", async () => {
    const origin = baseUrl();
    await signInAt(page, origin, 'admin');
    await chooseCustomer(page, 'C-1004');
    const cold = await browser.newContext({ viewport: { width: 1350, height: 900 }, locale: 'en-US' });
    try {
      await cold.addCookies((await page.context().storageState()).cookies);
      const url = `${origin}/invoice-list/Billed`;
      const answer = await cold.request.get(url, { headers: { accept: 'text/html', 'sec-ch-viewport-width': '1350' } });
      const markup = (await answer.text()).split('<div id="root">')[1] ?? '';
      const markupRows = markup.match(/<tr [^>]*data-row-id=/g)?.length ?? 0;
      expect(markupRows).toBeGreaterThan(10);
      expect(markupRows).toBeLessThanOrEqual(SERVER_VIEW.height / ROW_HEIGHT);
      const coldPage = await cold.newPage();
      await coldPage.goto(url);
      await expect.poll(() => coldPage.locator('[data-hydrating]').count()).toBe(0);
      await expect.poll(() => coldPage.locator(FIRST_ROW).count()).toBeGreaterThan(markupRows);
    } finally {
      await cold.close();
    }
  });

  it("asks Chromium for the page's width: the sign-in page for later pages, a signed-in page again at once, unrendered until then", async () => {
    const origin = baseUrl();
    await signInAt(page, origin, 'payer');
    await page.waitForURL(/\/account\//);
    const login = await page.request.get(`${origin}/login`, { headers: { accept: 'text/html' } });
    expect(login.headers()['accept-ch']).toBe('Sec-CH-Viewport-Width');
    // Asked again only where the server renders: the sign-in page never costs a second request.
    expect(login.headers()['critical-ch']).toBeUndefined();
    const list = `${origin}/invoice-list/Billed`;
    // Chromium says who it is (Sec-CH-UA) and, not yet asked, no width: it will ask again with it, so this answer is not rendered.
    const first = await page.request.get(list, { headers: { accept: 'text/html', 'sec-ch-ua': '"Chromium";v="140"' } });
    expect(first.headers()['critical-ch']).toBe('Sec-CH-Viewport-Width');
    expect(first.headers().vary).toContain('Sec-CH-Viewport-Width');
    expect(await first.text()).not.toContain(`id="${SERVER_RENDER_ID}"`);
    const again = await page.request.get(list, {
      headers: { accept: 'text/html', 'sec-ch-ua': '"Chromium";v="140"', 'sec-ch-viewport-width': '1350' },
    });
    const carried = (await again.text()).match(new RegExp(`id="${SERVER_RENDER_ID}"[^>]*>([^<]*)<`))?.[1];
    expect(JSON.parse(carried ?? '{}')).toMatchObject({ viewportWidth: 1350 });
  });
});
