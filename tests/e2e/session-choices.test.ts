import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERVER_RENDER_ID } from '../../common/server-render.ts';
import { baseUrl, readOfLoad, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** Issue 13 item 7: the chosen currency survives a reload; a chosen location shows and filters. */

const table = () => page.locator('[data-table="invoices"]');
const rowIds = () =>
  table()
    .locator('tbody tr[data-row-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));

/** GET /invoices from the page itself (its session cookie). */
function apiIds(query: string): Promise<{ ids: string[]; total: number }> {
  return page.evaluate(async (search) => {
    const response = await fetch(`/invoices?${search}`, { headers: { accept: 'application/vnd.api+json' } });
    const body = (await response.json()) as { data: Array<{ id: string }>; meta: { page: { total: number } } };
    return { ids: body.data.map((item) => item.id), total: body.meta.page.total };
  }, query);
}

/** The past-due invoice count the overview shows ("Invoices: 13"). */
async function pastDueCount(): Promise<string> {
  const tile = page.locator('[data-widget-id="exposure"]');
  await tile.waitFor();
  return (await tile.textContent()) ?? '';
}

async function signInAsPayer() {
  await signIn(page, 'payer');
  await page.waitForURL('**/account/overview');
}

describe('session choices in the header (issue 13 item 7)', () => {
  it('keeps the chosen currency when the page is reloaded', async () => {
    await signInAsPayer();
    const switcher = page.getByTestId('currency-switcher');
    await expect.poll(() => switcher.inputValue()).toBe('USD');
    await switcher.click();
    await page.getByRole('option', { name: 'CAD' }).click();
    await expect.poll(() => switcher.inputValue()).toBe('CAD');

    const exposureRead = await readOfLoad(
      page,
      () => page.reload(),
      (url) => url.pathname === '/exposures',
    );
    // The figures are read in the chosen currency, and the header still shows it.
    expect(exposureRead.searchParams.get('filter[sol_currency]')).toBe('CAD');
    await expect.poll(() => page.getByTestId('currency-switcher').inputValue()).toBe('CAD');

    await page.goto(`${baseUrl()}/invoice-list/Billed`);
    await table().waitFor();
    await expect.poll(() => page.getByTestId('currency-switcher').inputValue()).toBe('CAD');
  });

  // Issue 25: the choice lives in local storage (spec §1), which the server cannot read; its cookie
  // copy lets the server render the next page in it, so the browser hydrates that page instead of
  // showing it in the tenant's language first and rendering it again (seen in the studio scenario).
  it('renders the next page on the server in the language chosen in the menu, and hydrates it', async () => {
    await signInAsPayer();
    await page.getByTestId('language-menu').selectOption({ label: 'Deutsch' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'portal_locale')?.value).toBe('de');
    const html = await (await page.request.get(`${baseUrl()}/invoice-list/Billed`, { headers: { accept: 'text/html' } })).text();
    const carried = JSON.parse(html.match(new RegExp(`id="${SERVER_RENDER_ID}"[^>]*>([^<]*)<`))?.[1] ?? '{}') as { language?: string };
    expect(carried.language).toBe('de');
    expect(html).toContain('<html lang="de"');
    await page.goto(`${baseUrl()}/invoice-list/Billed`);
    await table().locator('tbody tr[data-row-id]').first().waitFor();
    // Hydrated, not rendered anew: the page keeps what the server rendered with.
    await expect.poll(() => page.locator('[data-hydrating]').count()).toBe(0);
    expect(await page.evaluate((id) => document.getElementById(id) !== null, SERVER_RENDER_ID)).toBe(true);
    expect(await page.getByRole('tab', { name: 'Abgerechnet', exact: true }).count()).toBe(1);
    await page.getByTestId('language-menu').selectOption({ label: 'English' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('shows the chosen location in the header and limits the lists and the overview to it; "All locations" lifts it', async () => {
    await signInAsPayer();
    const location = page.getByTestId('location-switcher');
    await expect.poll(() => location.inputValue()).toBe('All locations');
    const before = await pastDueCount();

    await location.click();
    await page.getByRole('option', { name: 'Chicago Terminal – Chicago, IL' }).click();
    await expect.poll(() => location.inputValue()).toBe('Chicago Terminal');
    // The overview's invoice figures are the location's now.
    await expect.poll(pastDueCount).not.toBe(before);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`${baseUrl()}/invoice-list/Billed`);
    await table().waitFor();
    // The header still shows it (the session keeps it), and the list is the location's invoices.
    await expect.poll(() => page.getByTestId('location-switcher').inputValue()).toBe('Chicago Terminal');
    // In the table's order: it renders only the rows in view (virtual), so they are the first of the API's.
    const base = 'filter[status]=Billed&filter[buid_customer]=C-1001&filter[sol_currency]=USD&filter[sort]=due_date|asc&page[size]=100';
    const shownFirst = async (ids: string[]) => {
      const shown = await rowIds();
      return shown.length > 0 && shown.every((id, index) => id === ids[index]);
    };
    const chicago = await apiIds(`${base}&filter[buid_location]=L-1001-1`);
    const everywhere = await apiIds(base);
    expect(chicago.total).toBeGreaterThan(0);
    expect(chicago.total).toBeLessThan(everywhere.total);
    await expect.poll(() => shownFirst(chicago.ids), { timeout: 10_000 }).toBe(true);

    await page.getByTestId('location-switcher').click();
    await page.getByRole('option', { name: 'All locations' }).click();
    await expect.poll(() => shownFirst(everywhere.ids), { timeout: 10_000 }).toBe(true);
  });

  it("the picker offers a customer's locations; none is offered for a customer without locations", async () => {
    await signIn(page, 'admin');
    await page.waitForURL('**/account/customers');
    // The customer picker reads a customer's locations when its list first opens.
    await page.getByRole('combobox', { name: 'Location for Northwind Logistics' }).click();
    await page.getByRole('option', { name: 'Chicago Terminal – Chicago, IL' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-customer="C-1004"] button').click();
    await page.waitForURL(/\/account\/overview/);
    await page.getByTestId('customer-switcher').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('location-switcher').count()).toBe(0);
  });
});
