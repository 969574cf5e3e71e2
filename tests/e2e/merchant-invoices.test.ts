import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** Unique per run: the browser suite shares one database. */
const RUN = Date.now().toString(36).toUpperCase();
/** Days from today in the program's zone (the e2e seed is anchored to the real today). */
const day = (offset: number) => {
  const date = new Date(Date.now() - 6 * 3_600_000);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/** Signs the dealer in, chooses Acme (M-2001) when the screen asks for a merchant, and opens `path` (whose h1 is `title`). */
async function dealerAt(path: string, title: string): Promise<void> {
  await signIn(page, 'dealer');
  await page.waitForURL('**/merchant/home');
  await page.goto(`${baseUrl()}${path}`);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.filter({ hasText: new RegExp(`^(Select a merchant|${title})$`) }).waitFor();
  if ((await heading.textContent()) !== title) {
    await page.getByRole('button', { name: /\(M-2001\)/ }).click();
    await page.waitForURL((url) => !url.pathname.includes('merchant-select'));
    await page.goto(`${baseUrl()}${path}`);
  }
  await heading.filter({ hasText: title }).waitFor();
}

let createdTrxId = '';

describe('dealer invoices', () => {
  it('creates an invoice with line items and lands on its edit page', async () => {
    await dealerAt('/merchant-invoices/new', 'New invoice');
    // The merchant's customers are offered, the first chosen; the currency is the merchant's.
    await expect.poll(() => page.getByLabel('Customer').first().inputValue()).toContain('(C-1001)');
    await expect.poll(() => page.getByRole('main').getByLabel('Currency').first().inputValue()).toBe('US Dollar');
    await page.getByRole('textbox', { name: 'Invoice id' }).fill(`E2E-${RUN}`);
    await page.getByRole('textbox', { name: 'PO number' }).fill('PO-E2E');
    await page.getByLabel('Received date').fill(day(-2));
    await page.getByLabel('Due date').fill(day(28));
    await page.getByRole('textbox', { name: 'Description' }).fill('Diesel, bulk delivery');
    // spec §5 numeric rules, in the browser as on the server: too many decimals is refused on the spot.
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2.0005');
    await page.getByRole('textbox', { name: 'Unit price' }).fill('3.41');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await expect.poll(() => page.getByText('Quantity allows at most 3 decimal places').count()).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'Quantity' }).fill('120.5');
    await page.getByRole('button', { name: 'Add to Line items' }).click();
    await page.getByRole('textbox', { name: 'Description' }).nth(1).fill('Delivery');
    await page.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('1');
    await page.getByRole('textbox', { name: 'Unit price' }).nth(1).fill('45');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.waitForURL('**/merchant-invoices/MT-*/edit');
    createdTrxId = /merchant-invoices\/([^/]+)\/edit/.exec(page.url())![1]!;
    await expect.poll(() => page.getByText('Invoice created').count()).toBeGreaterThan(0);
    // The edit form shows the stored invoice: 120.5 × 3.41 = 410.905 → 410.91, plus 45.00.
    await expect.poll(() => page.getByRole('textbox', { name: 'Invoice id' }).inputValue()).toBe(`E2E-${RUN}`);
    // Polled: the form keeps what was typed until the stored invoice's read replaces it.
    await expect.poll(() => page.getByRole('textbox', { name: 'Unit price' }).nth(1).inputValue()).toBe('45.00');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Edit it: a changed billed total needs an adjustment reason (the server says so), then saves.
    await page.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Adjustment reason is required' }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Adjustment reason' }).fill('Second delivery');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Invoice saved').count()).toBeGreaterThan(0);
    // Its edit form, opened again, shows it Adjusted, not Billed (issue 26), and offers only billed statuses.
    await page.reload();
    const status = page.getByRole('main').getByLabel('Status').first();
    await expect.poll(() => status.inputValue()).toBe('Adjusted');
    await status.click();
    const offered = (name: string) => page.getByRole('option', { name, exact: true }).count();
    for (const name of ['Billed', 'Past due', 'Adjusted', 'On hold']) await expect.poll(() => offered(name), { message: name }).toBe(1);
    expect(await offered('Pending')).toBe(0);
    expect(await offered('Unbilled')).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('imports a CSV of 1,000 rows with a progress bar, after a dry run', async () => {
    await dealerAt('/merchant-invoices/import', 'Import invoices');
    const header =
      'invoice_id,buid_customer,po_number,currency,status,received_date,due_date,product,notes,merchant_original_invoice,tax,description,quantity,unit_price';
    const rows = Array.from({ length: 500 }, (_, index) => [
      `CSV-${RUN}-${index + 1},C-1001,PO-${index + 1},USD,Billed,${day(-3)},${day(27)},Diesel,,,1.00,Diesel,2.5,3.41`,
      `CSV-${RUN}-${index + 1},,,,,,,,,,,Service,1,10`,
    ]).flat();
    const content = Buffer.from(`${header}\r\n${rows.join('\r\n')}\r\n`);
    // Slow the answers down a little, so the progress bar is there to see on a fast machine too.
    await page.route('**/ecaas/merchant-invoice-imports**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page
      .locator('[data-widget-id="invoice-import"] input[type="file"]')
      .setInputFiles({ name: 'invoices.csv', mimeType: 'text/csv', buffer: content });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByTestId('csv-import-progress').waitFor();
    await expect.poll(() => page.getByText('1000 rows checked, no problems found. Import them now?').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import 1000 rows' }).click();
    await page.getByTestId('csv-import-progress').waitFor();
    await expect.poll(() => page.getByText('500 invoices imported from 1000 rows').count()).toBeGreaterThan(0);
  });

  it("shows a file's problems row by row and imports nothing", async () => {
    await dealerAt('/merchant-invoices/import', 'Import invoices');
    const content = Buffer.from(
      'invoice_id,buid_customer,po_number,currency,received_date,description,quantity,unit_price\r\n' +
        `BAD-${RUN},C-1001,PO-1,USD,${day(-1)},Diesel,1.23456,3.41\r\n`,
    );
    await page
      .locator('[data-widget-id="invoice-import"] input[type="file"]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: content });
    await page.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByRole('table', { name: 'Problems in the file' });
    await report.waitFor();
    expect(await report.locator('tbody tr').allTextContents()).toEqual([
      '2due_datedue_date is required',
      '2quantityquantity allows at most 3 decimal places',
    ]);
    expect(await page.getByRole('button', { name: /^Import/ }).count()).toBe(0);
  });

  it("shows the payer the dealer's new invoice", async () => {
    expect(createdTrxId).not.toBe('');
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.goto(`${baseUrl()}/invoice/${createdTrxId}`);
    await expect.poll(() => page.getByText(`E2E-${RUN}`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('PO-E2E').count()).toBeGreaterThan(0);
    // 410.91 + 2 × 45.00, adjusted by the dealer.
    await expect.poll(() => page.getByText('$500.91').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Second delivery').count()).toBeGreaterThan(0);
  });
});
