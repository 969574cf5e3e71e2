/**
 * A buyer's tasks on a phone (issue 26), 390 × 844: sign in, read the overview, find an invoice,
 * pay it, open a dispute. Lists are cards, forms one column, and no page scrolls sideways. One
 * browser context for the whole path (browser time is scarce).
 *
 * The test signs in as `mobile`, the one user of C-1008, an account seeded for this test alone
 * (server/db/seed): the browser files share one server's data, and other files pay and dispute
 * C-1001's invoices in any order. T-1008-0001 (INV-0800001, Billed) is paid here;
 * T-1008-0003 (INV-0800003, Past Due, eligible) is taken into the dispute wizard.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, seriousAccessibilityViolations, signIn } from './support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
});

/** The page does not scroll sideways, and the header's selects show their whole value. */
async function fitsThePhone(where: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${where}: sideways scroll`,
  ).toBeLessThanOrEqual(0);
  const clippedSelects = await page
    .locator('header input')
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[]).filter((input) => input.scrollWidth > input.clientWidth + 1).map((input) => input.value),
    );
  expect(clippedSelects, `${where}: header selects cut`).toEqual([]);
}

/** Opens the folded side menu with its button and follows an entry; the menu closes behind it. */
async function viaMenu(entry: string) {
  const button = page.getByRole('button', { name: 'Toggle navigation' });
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await button.click();
  // The focus moves into the opened menu.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('nav[data-menu]') !== null)).toBe(true);
  await page.locator(`[data-menu-entry="${entry}"]`).click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
}

describe('a buyer on a phone (issue 26)', () => {
  it('signs in, reads the overview, finds an invoice, pays it and opens a dispute, never scrolling sideways', async () => {
    const started = Date.now();
    await signIn(page, 'mobile');
    await page.waitForURL('**/account/overview');
    await page.locator('[data-widget-id="dispute-counts"]').waitFor();
    await fitsThePhone('overview');

    // Find the invoice: the list is cards, each key value labelled; search narrows it.
    await viaMenu('invoices');
    await page.waitForURL('**/invoice-list/Billed');
    const cards = page.locator('[data-table="invoices"] [data-cards] li[data-row-id]');
    await cards.first().waitFor();
    expect(await page.locator('[data-table="invoices"] table').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('INV-0800001');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(1);
    const card = cards.first();
    expect(await card.locator('[data-column="invoiceId"] dt').textContent()).toBe('Invoice ID');
    expect(await card.locator('[data-column="amountMinor"] dd').textContent()).toBe('$1,171.31');
    await fitsThePhone('invoice list');
    // The filters fold behind their button on a phone, and open in one column.
    const filtersButton = page.locator('[data-table="invoices"]').getByRole('button', { name: 'Filters', exact: true });
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-table="invoices"] [data-filters]').count()).toBe(0);
    await filtersButton.click();
    await page.locator('[data-table="invoices"] [data-filters]').waitFor();
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('true');
    await fitsThePhone('invoice list, filters open');
    await filtersButton.click();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await card.getByRole('link', { name: 'INV-0800001' }).click();
    await page.waitForURL('**/invoice/T-1008-0001');
    await page.getByText('INV-0800001').first().waitFor();
    await fitsThePhone('invoice');

    // Pay it: choose it on its card, review, accept the terms, pay.
    await viaMenu('pay');
    await page.waitForURL('**/payment/due');
    await page.getByRole('checkbox', { name: 'Select row INV-0800001', exact: true }).check();
    await fitsThePhone('payment due');
    await page.locator('button[data-action="payments.due.paySelected"]').click();
    await page.waitForURL('**/payment/invoices');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Include invoice INV-0800001', exact: true }).isChecked()).toBe(true);
    await fitsThePhone('payment invoices');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/payment/confirm');
    await fitsThePhone('payment confirm');
    await page.getByRole('checkbox', { name: 'I authorise this payment and accept the payment terms and conditions.' }).check();
    await page.getByRole('button', { name: 'Pay now', exact: true }).click();
    await page.locator('[data-confirmation]').waitFor();
    await fitsThePhone('payment confirmation');

    // Open a dispute on a past-due invoice, from its card.
    await page.goto(`${baseUrl()}/invoice-list/Past%20Due`);
    await page.getByRole('checkbox', { name: 'Select row INV-0800003', exact: true }).check();
    await page.locator('button[data-action="invoices.actions.dispute"]').click();
    await page.waitForURL('**/dispute/create?**');
    await page.locator('tr[data-trx="T-1008-0003"]').waitFor();
    await fitsThePhone('dispute wizard');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Figures, never timed assertions: the path's duration for the CI budget.
    console.info(`phone path: ${Date.now() - started} ms`);
  });
});
