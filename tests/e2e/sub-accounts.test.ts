import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseCustomer,
  newContext,
  readOfLoad,
  seriousAccessibilityViolations,
  signIn,
  usePagePerTest,
} from './support/browser.ts';
import { pageGet, pageWrite } from './support/page-api.ts';

/**
 * Issue 26: the sub-accounts, unbilled invoices and currency management screens, for what needs a
 * browser (what the screens show against the API, the links, the default currency across sessions);
 * the rules themselves are in tests/api/sub-accounts.test.ts and user-currencies.test.ts.
 */
let page: Page;
let browser: Parameters<Parameters<typeof usePagePerTest>[0]>[1];
usePagePerTest((created, shared) => {
  page = created;
  browser = shared;
});

const LOADING = { timeout: 20_000 };

/** Minor units as the portal shows them (the page's own Intl). */
function money(minor: number, currency: string): Promise<string> {
  return page.evaluate(
    ({ value, code }) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2 }).format(value / 100),
    { value: minor, code: currency },
  );
}

describe('sub-accounts', () => {
  it("lists Northwind's sub-accounts with the roll-up, and each opens its own invoices", async () => {
    await signIn(page, 'admin');
    await chooseCustomer(page, 'C-1001');
    await page.goto(`${baseUrl()}/account/sub-accounts`);
    await expect.poll(() => page.getByRole('link', { name: 'Northwind East' }).count(), LOADING).toBe(1);
    const api = await pageGet<{
      data: Array<{ attributes: { buid_customer: string } }>;
      meta: { totals: Array<{ currency: string; past_due_total: number }> };
    }>(page, '/customer-sub-accounts?filter[buid_customer]=C-1001&filter[sol_currency]=USD');
    // The roll-up shows the API's sum in the header's currency.
    const usd = api.meta.totals.find((total) => total.currency === 'USD')!;
    await expect
      .poll(
        () => page.locator('[data-widget-id="sub-account-roll-up"] [data-stat="past_due_total"] [data-stat-value]').first().textContent(),
        LOADING,
      )
      .toBe(await money(usd.past_due_total, 'USD'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Northwind East' }).click();
    await page.waitForURL((url) => url.searchParams.get('customer') === 'C-1011');
    const invoices = await pageGet<{ meta: { page: { total: number } } }>(
      page,
      '/invoices?filter[buid_customer]=C-1011&filter[status]=Billed&page[size]=1',
    );
    expect(invoices.meta.page.total).toBeGreaterThan(0);
    await expect.poll(() => page.locator('main table tbody tr').count(), LOADING).toBe(invoices.meta.page.total);
  });
});

describe('unbilled invoices', () => {
  it("shows the exposure's unbilled total and exactly the invoices it counts", async () => {
    await signIn(page, 'payer');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${baseUrl()}/unbilled-invoices`);
    const exposure = await pageGet<{ data: Array<{ attributes: { unbilled_invoice: number; currency: string } }> }>(
      page,
      '/exposures?filter[buid_customer]=C-1001&filter[sol_currency]=USD',
    );
    const { unbilled_invoice: unbilled, currency } = exposure.data[0]!.attributes;
    await expect
      .poll(() => page.locator('[data-widget-id="unbilled-total"] [data-stat="unbilled_invoice"] [data-stat-value]').textContent(), LOADING)
      .toBe(await money(unbilled, currency));
    const listed = await pageGet<{ data: Array<{ attributes: { amountMinor: number; status: string } }> }>(
      page,
      '/invoices?filter[exposure_bucket]=unbilled&filter[buid_customer]=C-1001&filter[sol_currency]=USD&page[size]=100',
    );
    expect(listed.data.reduce((sum, row) => sum + row.attributes.amountMinor, 0)).toBe(unbilled);
    await expect.poll(() => page.locator('main table tbody tr').count(), LOADING).toBe(listed.data.length);
    const statuses = await page.locator('main table tbody tr').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(statuses.every((text) => /Unbilled|Pending/.test(text))).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('currency management', () => {
  it('keeps the default currency across sessions: a new sign-in opens the account in it', async () => {
    await signIn(page, 'enrollment');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    try {
      await page.goto(`${baseUrl()}/account/currencies`);
      const cad = page.getByRole('row').filter({ hasText: 'Canadian Dollar' });
      await cad.getByRole('button', { name: 'Make default' }).click(LOADING);
      await expect.poll(() => cad.getByRole('button', { name: 'Stop using as default' }).count(), LOADING).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Another browser: nothing remembered in the tab, the user's default decides.
      const other = await newContext(browser);
      try {
        const second = await other.newPage();
        await signIn(second, 'enrollment');
        await second.waitForURL('**/account/overview');
        const sent = await readOfLoad(
          second,
          () => second.reload(),
          (url) => url.pathname === '/exposures' && url.searchParams.has('filter[sol_currency]'),
        );
        expect(sent.searchParams.get('filter[sol_currency]')).toBe('CAD');
        await expect.poll(() => second.getByTestId('currency-switcher').inputValue(), LOADING).toBe('CAD');
      } finally {
        await other.close();
      }
    } finally {
      await pageWrite(page, 'PATCH', '/ecaas/user-currencies/default', { default_currency: null });
    }
  });
});
