import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

// server/db/seed/programs.ts: in effect for customers, newest first; the holiday notice takes
// effect in a week, the summer one has expired and the settlement one is for merchants only.
const MAINTENANCE = 'Scheduled maintenance this weekend';
const PAYMENT_OPTIONS = 'New payment options';

const SEEDED = [MAINTENANCE, PAYMENT_OPTIONS, 'Holiday billing schedule', 'Summer fuel promotion ended', 'Merchant settlement update'];
const items = () => page.locator('[data-widget-id="notifications"] > li');
// The seeded notices in the order shown: other browser tests (disputes, rejections) add notices of their own to the shared server.
const titles = async () =>
  (
    await items()
      .locator('h2')
      .evaluateAll((headings) => headings.map((heading) => heading.firstChild?.textContent ?? ''))
  ).filter((title) => SEEDED.includes(title));

async function openNotifications(username: string) {
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(`${baseUrl()}/notification-center`);
  await page.getByRole('heading', { level: 1, name: 'Notification center' }).waitFor();
}

describe('notification centre', () => {
  it('lists the notifications in effect newest first, marks the high-priority one and is accessible', async () => {
    await openNotifications('payer');
    await expect.poll(titles).toEqual([MAINTENANCE, PAYMENT_OPTIONS]);
    const body = await page.locator('main').textContent();
    expect(body).not.toContain('Holiday billing schedule');
    expect(body).not.toContain('Summer fuel promotion ended');
    expect(body).not.toContain('Merchant settlement update');

    // High priority: marked on the item, and read with its title by screen readers.
    expect(await items().filter({ hasText: MAINTENANCE }).getAttribute('data-highlighted')).toBe('true');
    expect(await items().filter({ hasText: PAYMENT_OPTIONS }).getAttribute('data-highlighted')).toBeNull();
    expect(await page.getByRole('heading', { level: 2, name: `${MAINTENANCE} High priority` }).count()).toBe(1);
    expect(await page.getByRole('article', { name: `${MAINTENANCE} High priority` }).count()).toBe(1);

    // The effective date, in US Central time.
    const effective = await items().filter({ hasText: MAINTENANCE }).locator('time').getAttribute('datetime');
    expect(effective).toMatch(/^\d{4}-\d{2}-\d{2}T14:00:00\.000Z$/);
    expect(await items().filter({ hasText: MAINTENANCE }).locator('time').textContent()).toMatch(/08:00 AM CST$/);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("links and attachments are the portal's own: they work offline and need the reader's session (issue 13 item 9)", async () => {
    await openNotifications('payer');
    const options = page.getByRole('article', { name: PAYMENT_OPTIONS });
    await options.waitFor();
    // A link to a portal page, routed in the portal (no new tab, no outside host).
    const link = options.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'Program terms' });
    expect(await link.getAttribute('href')).toBe('/frame/terms');
    expect(await link.getAttribute('target')).toBeNull();

    const guideSize = readFileSync(new URL('../../server/notifications/files/payment-guide.pdf', import.meta.url)).length;
    const shownSize = `${(guideSize / 1000).toFixed(1)} kB`;
    const attachment = options
      .getByRole('list', { name: 'Attachments' })
      .getByRole('link', { name: `Download payment-guide.pdf (${shownSize})` });
    const href = await attachment.getAttribute('href');
    expect(href).toMatch(/^\/ecaas\/notifications\/\d+\/attachments\/0$/);
    expect(await attachment.getAttribute('download')).toBe('payment-guide.pdf');
    // spec §9: file sizes in base-1000 units.
    expect(await options.getByRole('list', { name: 'Attachments' }).textContent()).toContain(`payment-guide.pdf (${shownSize})`);
    // The maintenance notice has neither.
    expect(
      await page
        .getByRole('article', { name: `${MAINTENANCE} High priority` })
        .getByRole('list')
        .count(),
    ).toBe(0);

    // Offline from the outside world: every request but the portal's own fails.
    await page.context().route(
      (url) => url.host !== new URL(baseUrl()).host,
      (route) => route.abort('internetdisconnected'),
    );
    const download = page.waitForEvent('download');
    await attachment.click();
    expect((await download).suggestedFilename()).toBe('payment-guide.pdf');
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type'), start: String.fromCharCode(...bytes.slice(0, 5)) };
    }, href!);
    expect(served).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });

    await link.click();
    await page.waitForURL('**/frame/terms');
    const frame = page.frameLocator('iframe');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of the trade-credit program');

    // Without a session the file is refused (401); a card viewer may not read notifications (403).
    const anonymous = await page.context().browser()!.newContext();
    try {
      const response = await anonymous.request.get(`${baseUrl()}${href}`);
      expect(response.status()).toBe(401);
    } finally {
      await anonymous.close();
    }
    const cardViewer = await page.context().browser()!.newContext();
    try {
      const viewerPage = await cardViewer.newPage();
      await signIn(viewerPage, 'cardviewer');
      await viewerPage.waitForURL('**/account/cards');
      expect((await viewerPage.request.get(`${baseUrl()}${href}`)).status()).toBe(403);
    } finally {
      await cardViewer.close();
    }
  });

  it('shows the merchant notice to a dealer, not the customer-only ones', async () => {
    await openNotifications('dealer');
    await expect.poll(titles).toEqual([MAINTENANCE, 'Merchant settlement update', PAYMENT_OPTIONS]);
  });

  it('shows a translated error when the notifications cannot be loaded', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.route('**/ecaas/notifications**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/vnd.api+json',
        body: JSON.stringify({ errors: [{ status: '500', code: 'errors.request.serverError' }] }),
      }),
    );
    // Through the menu, so the browser asks for the notifications (a page load is rendered with the
    // server's own read, issue 25, which this route cannot fail).
    await page.locator('nav[data-menu] [data-menu-entry="notifications"]').click();
    await page.waitForURL('**/notification-center');
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Notifications could not be loaded. Please try again later.');
    expect(await items().count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The same in German.
    await page.getByTestId('language-menu').selectOption({ label: 'Deutsch' });
    await expect
      .poll(() => alert.textContent())
      .toBe('Die Benachrichtigungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.');
  });

  it("is refused to a card viewer and absent from the card viewer's menu", async () => {
    await signIn(page, 'cardviewer');
    await page.waitForURL('**/account/cards');
    const entries = await page
      .locator('nav[data-menu] [data-menu-entry]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-menu-entry')));
    expect(entries).not.toContain('notifications');
    await page.goto(`${baseUrl()}/notification-center`);
    await page.waitForURL((url) => url.pathname.endsWith('/login'));
    expect(await page.getByRole('heading', { name: 'Notification center' }).count()).toBe(0);
  });
});
