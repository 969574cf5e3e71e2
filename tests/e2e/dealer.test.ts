import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { rejectionId as rejectionIdOf, tableRowIds } from './support/rejections.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/**
 * The dealer portal (issue 15): the dealer (two merchants) lands on the merchant home, opens the
 * roll-up and drills down to one merchant, is asked before switching merchant with unsaved
 * changes, and works the rejection centre (resubmit one that outlasts the deadline, cancel another).
 */
const rowIds = (tableId: string) => tableRowIds(page, tableId);
const rejectionId = (trxId: string) => rejectionIdOf(page, trxId);

/** Tables of the page that scroll sideways (their default columns should fit). */
const overflowingTables = () =>
  page.locator('[data-widget="table"]').evaluateAll((tables) =>
    tables
      .filter((table) => {
        const box = table.querySelector<HTMLElement>('[role="region"]');
        return !!box && box.scrollWidth > box.clientWidth + 1;
      })
      .map((table) => table.getAttribute('data-table')),
  );

async function signInAsDealer() {
  await signIn(page, 'dealer');
  await page.waitForURL('**/merchant/home');
}

describe('the dealer portal', () => {
  it('lands on the merchant home: figures per merchant, open disputes, active rejections, recent invoices', async () => {
    await signInAsDealer();
    await page.getByRole('heading', { level: 1, name: 'All your merchants' }).waitFor();
    await expect.poll(() => rowIds('merchant-figures')).toEqual(['M-2001:EUR', 'M-2001:USD', 'M-2002:CAD']);
    for (const table of ['merchant-open-disputes', 'merchant-active-rejections', 'merchant-recent-invoices']) {
      await page.locator(`[data-table="${table}"] tbody tr[data-row-id]`).first().waitFor();
    }
    // The side menu of a dealer with several merchants (spec §2), the invoice screens linked for the Admin.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const entry of ['Home', 'All merchants', 'Merchants', 'Create invoice', 'Import invoices', 'Disputes', 'Rejections']) {
      await menu.getByRole('link', { name: entry, exact: true }).waitFor();
    }
    expect(await menu.getByRole('link', { name: 'Create invoice', exact: true }).getAttribute('href')).toBe('/merchant-invoices/new');
    expect(await overflowingTables()).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('opens an invoice of their merchants from Recent invoices (issue 26 item 1)', async () => {
    await signInAsDealer();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const link = page.locator('[data-table="merchant-recent-invoices"] tbody tr[data-row-id]').first().getByRole('link').first();
    await link.waitFor();
    const invoiceId = (await link.textContent())?.trim() ?? '';
    expect(invoiceId).toMatch(/^INV-/);
    await link.click();
    await page.waitForURL('**/invoice/*');
    await page.getByRole('heading', { level: 1, name: 'Invoice details' }).waitFor();
    await page.locator('[data-widget-id="invoice"]').getByText(invoiceId, { exact: true }).waitFor();
    expect(page.url()).not.toContain('/login');
    expect(failed).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('reloads the merchant home without a failed request or an uncaught error (issue 22 item 14: no customer currencies asked)', async () => {
    await signInAsDealer();
    await page.getByRole('heading', { level: 1, name: 'All your merchants' }).waitFor();
    const failed: string[] = [];
    const currencyRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/ecaas/customer-currencies') currencyRequests.push(request.url());
    });
    page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
    // A reload is the cold load of a signed-in browser: the boot starts the session's reads before /self answers.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'All your merchants' }).waitFor();
    await expect.poll(() => rowIds('merchant-figures')).toEqual(['M-2001:EUR', 'M-2001:USD', 'M-2002:CAD']);
    expect(currencyRequests).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('opens the roll-up across merchants and drills down to one merchant', async () => {
    await signInAsDealer();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All merchants', exact: true }).click();
    await page.waitForURL('**/merchant/roll-up');
    await expect.poll(() => rowIds('merchant-roll-up')).toEqual(['M-2001:EUR', 'M-2001:USD', 'M-2002:CAD']);
    expect(await overflowingTables()).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page
      .locator('[data-table="merchant-roll-up"] tr[data-row-id="M-2002:CAD"]')
      .getByRole('button', { name: /^Open merchant/ })
      .click();
    await page.waitForURL('**/merchant/home');
    await page.getByRole('heading', { level: 1, name: 'Northern Tire Centre: merchant home' }).waitFor();
    await expect.poll(() => page.getByTestId('merchant-switcher').inputValue()).toBe('Northern Tire Centre');
    await expect.poll(() => rowIds('merchant-figures')).toEqual(['M-2002:CAD']);
    // Only the merchant's own rows below.
    const rejections = page.locator('[data-table="merchant-active-rejections"] tbody tr[data-row-id]');
    await rejections.first().waitFor();
    expect(await rejections.allTextContents()).not.toContainEqual(expect.stringContaining('Acme'));

    // Back to all merchants from the switcher.
    await page.getByTestId('merchant-switcher').click();
    await page.getByRole('option', { name: 'All merchants' }).click();
    await page.getByRole('heading', { level: 1, name: 'All your merchants' }).waitFor();

    // spec §4/§9: the header offers the chosen merchant's currencies (Northern Tire bills in CAD
    // only, all merchants together have no one currency; Acme bills in USD and EUR).
    expect(await page.getByTestId('currency-switcher').count()).toBe(0);
    await page.getByTestId('merchant-switcher').click();
    await page.getByRole('option', { name: /^Acme Fuel/ }).click();
    await expect.poll(() => page.getByTestId('currency-switcher').inputValue()).toBe('USD');
    await page.getByTestId('currency-switcher').click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await expect.poll(() => page.getByTestId('currency-switcher').inputValue()).toBe('EUR');
  });

  it('asks before switching merchant or leaving a rejection with unsaved changes', async () => {
    await signInAsDealer();
    const id = await rejectionId('R-1001-0001');
    await page.goto(`${baseUrl()}/rejection-center/${id}`);
    const vehicle = page.getByRole('textbox', { name: 'Vehicle ID' });
    await vehicle.fill('TRK-12B');

    const switcher = page.getByTestId('merchant-switcher');
    await switcher.click();
    await page.getByRole('option', { name: 'Northern Tire Centre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await switcher.inputValue()).toBe('All merchants');
    expect(await vehicle.inputValue()).toBe('TRK-12B');

    // Leaving through the menu asks too; staying keeps the edit.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toContain(`/rejection-center/${id}`);

    await switcher.click();
    await page.getByRole('option', { name: 'Northern Tire Centre' }).click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => switcher.inputValue()).toBe('Northern Tire Centre');
  });

  it('resubmits one rejection ("still processing" past the deadline) and cancels another after the permanent-cancel question', async () => {
    await signInAsDealer();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rejections', exact: true }).click();
    await page.waitForURL('**/rejection-center');
    const active = page.locator('[data-table="rejections-active"]');
    await active.locator('tbody tr[data-row-id]').first().waitFor();
    expect(await overflowingTables()).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Nothing selected: the rule of spec §5.
    await active.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await page.getByText('Select at least one active rejection.').waitFor();

    const slow = await rejectionId('R-1003-SLOW');
    await active.locator(`tr[data-row-id="${slow}"] input[type="checkbox"]`).check();
    await active.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await page.getByText('The invoice resubmission is still processing. Please check again later').waitFor();
    await expect.poll(() => rowIds('rejections-active')).not.toContain(slow);

    const other = await rejectionId('R-1001-0002');
    await active.locator(`tr[data-row-id="${other}"] input[type="checkbox"]`).check();
    await active.getByRole('button', { name: 'Cancel rejection', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel rejections' });
    expect(await dialog.textContent()).toContain('Cancelling is permanent');
    await dialog.getByRole('button', { name: 'Cancel permanently' }).click();
    await page.getByText('Rejections cancelled').waitFor();
    await expect.poll(() => rowIds('rejections-active')).not.toContain(other);

    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await expect.poll(() => rowIds('rejections-cancelled')).toContain(other);
    await page.getByRole('tab', { name: 'Resubmitted' }).click();
    await expect.poll(() => rowIds('rejections-resubmitted')).toContain(slow);
    // Still with the program (its answer takes 30 s): the list says so.
    await expect
      .poll(() => page.locator(`[data-table="rejections-resubmitted"] tr[data-row-id="${slow}"]`).textContent())
      .toContain('Processing');
    expect(await overflowingTables()).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
