import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => { page = created; });

// server/db/seed/programs.ts: in effect for customers, newest first; the holiday notice takes
// effect in a week, the summer one has expired and the settlement one is for merchants only.
const MAINTENANCE = 'Scheduled maintenance this weekend';
const PAYMENT_OPTIONS = 'New payment options';

const items = () => page.locator('[data-widget-id="notifications"] > li');
const titles = () => items().locator('h2').evaluateAll((headings) => headings.map((heading) => heading.firstChild?.textContent ?? ''));

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
    expect(await items().nth(0).getAttribute('data-highlighted')).toBe('true');
    expect(await items().nth(1).getAttribute('data-highlighted')).toBeNull();
    expect(await page.getByRole('heading', { level: 2, name: `${MAINTENANCE} High priority` }).count()).toBe(1);
    expect(await page.getByRole('article', { name: `${MAINTENANCE} High priority` }).count()).toBe(1);

    // The effective date, in US Central time.
    const effective = await items().nth(0).locator('time').getAttribute('datetime');
    expect(effective).toMatch(/^\d{4}-\d{2}-\d{2}T14:00:00\.000Z$/);
    expect(await items().nth(0).locator('time').textContent()).toMatch(/08:00 AM CST$/);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('shows links opening safely in a new tab and attachments with name, size and a download link', async () => {
    await openNotifications('payer');
    const options = page.getByRole('article', { name: PAYMENT_OPTIONS });
    await options.waitFor();
    const link = options.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'Payment guide (opens in a new tab)' });
    expect(await link.getAttribute('href')).toBe('https://demo.example/help/payments');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    const attachment = options.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: 'Download payment-guide.pdf (182.4 kB) (opens in a new tab)' });
    expect(await attachment.getAttribute('href')).toBe('https://demo.example/files/payment-guide.pdf');
    expect(await attachment.getAttribute('download')).toBe('payment-guide.pdf');
    expect(await attachment.getAttribute('rel')).toBe('noopener noreferrer');
    // spec §9: file sizes in base-1000 units.
    expect(await options.getByRole('list', { name: 'Attachments' }).textContent()).toContain('payment-guide.pdf (182.4 kB)');

    // The maintenance notice has neither.
    const maintenance = page.getByRole('article', { name: `${MAINTENANCE} High priority` });
    expect(await maintenance.getByRole('list').count()).toBe(0);
  });

  it('shows the merchant notice to a dealer, not the customer-only ones', async () => {
    await openNotifications('dealer');
    await expect.poll(titles).toEqual([MAINTENANCE, 'Merchant settlement update', PAYMENT_OPTIONS]);
  });

  it('shows a translated error when the notifications cannot be loaded', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.route('**/ecaas/notifications**', (route) => route.fulfill({
      status: 500, contentType: 'application/vnd.api+json',
      body: JSON.stringify({ errors: [{ status: '500', code: 'errors.request.serverError' }] }),
    }));
    await page.goto(`${baseUrl()}/notification-center`);
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Notifications could not be loaded. Please try again later.');
    expect(await items().count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The same in German.
    await page.getByTestId('language-menu').selectOption({ label: 'Deutsch' });
    await expect.poll(() => alert.textContent()).toBe('Die Benachrichtigungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.');
  });

  it('is refused to a card viewer and absent from the card viewer\'s menu', async () => {
    await signIn(page, 'cardviewer');
    await page.waitForURL('**/account/cards');
    const entries = await page.locator('nav[data-menu] [data-menu-entry]').evaluateAll((links) => links.map((link) => link.getAttribute('data-menu-entry')));
    expect(entries).not.toContain('notifications');
    await page.goto(`${baseUrl()}/notification-center`);
    await page.waitForURL('**/login');
    expect(await page.getByRole('heading', { name: 'Notification center' }).count()).toBe(0);
  });
});
