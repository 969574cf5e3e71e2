/**
 * The operator studio's screen, text and import editors (issue 24), on the fleet tenant (no other
 * browser file reads its invoice list or its texts, and the test rolls it back): an editor hides
 * the invoice list's due-date column in the screen form and words the list's title in German
 * (the check refuses it while French lacks its wording, and says so), saves and checks; a
 * publisher publishes; the fleet's customer user then reads the list in German without the column
 * and with the new title. An auditor tries an import: its dry run says what it would change, and
 * removing what the file does not mention is refused; it reads the menus without changing them.
 * Axe on each new screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePagePerTest } from './support/browser.ts';
import { axeClean as axeCleanOn, fleetInvoiceList, openFleet, studioSignIn } from './support/studio.ts';

const TITLE_KEY = 'common.screens.invoiceList';

let page: Page;
let browser: Parameters<Parameters<typeof usePagePerTest>[0]>[1];
usePagePerTest((created, launched) => {
  page = created;
  browser = launched;
});
const axeClean = () => axeCleanOn(page);

/** The fleet's customer user's invoice list in German: its title and whether the due-date column is there. */
async function germanInvoiceList(): Promise<{ title: string; dueDateColumn: number }> {
  const { context, portal } = await fleetInvoiceList(browser, 'fleetadmin', 'de');
  await portal.locator('[data-table="invoices"] tbody tr[data-row-id]').first().waitFor();
  const title = (await portal.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const dueDateColumn = await portal.getByRole('columnheader', { name: /Fälligkeitsdatum/ }).count();
  await context.close();
  return { title, dueDateColumn };
}

describe("the studio's screen, text and import editors", () => {
  it('hides a column and words a German title, which the portal shows once published; rolled back after', async () => {
    expect(await germanInvoiceList()).toEqual({ title: 'Rechnungen', dueDateColumn: 1 });

    await studioSignIn(page, 'editor');
    await openFleet(page);
    await page.getByRole('button', { name: 'Start a draft' }).click();
    await page.locator('[data-draft-state="saved"]').waitFor();

    // Screens: the invoice list's due-date column removed in the form.
    await page.getByRole('tab', { name: 'Screens', exact: true }).click();
    await page.getByRole('combobox', { name: 'Screen', exact: true }).fill('invoice-list');
    await page.getByRole('option', { name: 'invoice-list (/invoice-list/:status)', exact: true }).click();
    const visibility = page.getByRole('combobox', { name: 'Visibility of Due date', exact: true });
    await visibility.selectOption('removed');
    await expect.poll(() => visibility.inputValue()).toBe('removed');
    await axeClean();
    // The JSON editor shows the override the form wrote: the table's columns without dueDate.
    await page.getByText('JSON editor', { exact: true }).click();
    const json = page.locator('[data-patch-editor] textarea, textarea[data-patch-editor]').first();
    await expect.poll(async () => JSON.stringify(JSON.parse(await json.inputValue()))).toContain('"poNumber"');
    expect(await json.inputValue()).not.toContain('"dueDate"');
    await axeClean();

    // Texts: the list's title worded for the tenant, starting from the shipped words in each language.
    await page.getByRole('tab', { name: 'Texts', exact: true }).click();
    await page.getByRole('textbox', { name: 'Find a text' }).fill(TITLE_KEY);
    await page.locator(`[data-text-key="${TITLE_KEY}"]`).click();
    await page.getByRole('button', { name: 'Word this text for this tenant' }).click();
    const german = page.getByRole('textbox', { name: 'Deutsch', exact: true });
    await expect.poll(() => german.inputValue()).toBe('Rechnungen');
    await german.fill('Meine Rechnungen');
    // A language left without its wording is refused, with the reason.
    const french = page.getByRole('textbox', { name: 'français', exact: true });
    await french.fill('');
    await expect.poll(() => page.locator('[data-texts-refused]').textContent()).toContain(`${TITLE_KEY}`);
    expect(await page.locator('[data-texts-refused]').textContent()).toContain('fr');
    await axeClean();
    await french.fill('Factures');
    await page.locator('[data-texts-refused]').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('[data-draft-state="saved"]').waitFor();
    await page.getByRole('button', { name: 'Check this against the saved draft' }).click();
    // The first check builds the definition check's contract (about 15 s, more on a busy machine).
    await page.locator('[data-section-check="clean"]').waitFor({ timeout: 150_000 });
    await page.getByRole('tab', { name: 'Draft', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-diff] li').allTextContents())
      .toEqual(expect.arrayContaining(['Invoices: column Due date hidden', `de: ${TITLE_KEY} changed`]));
    await page.getByRole('button', { name: 'Sign out' }).click();

    // The publisher publishes it.
    await studioSignIn(page, 'publisher');
    await openFleet(page, 'Draft');
    await page.getByRole('textbox', { name: 'Note for the history' }).fill('Invoice list: no due date; own German title');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('[data-published]').waitFor();

    await expect.poll(germanInvoiceList, { timeout: 30_000 }).toEqual({ title: 'Meine Rechnungen', dueDateColumn: 0 });

    // Rolled back, so the fleet tenant is as shipped for the other studio test.
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    const rows = page.locator('[data-table="studio-revisions"] tbody tr');
    await rows.nth(1).waitFor();
    const previous = await rows.nth(1).getAttribute('data-row-id');
    const count = await rows.count();
    await page.getByRole('button', { name: `Roll back to revision ${previous}` }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('Restore the fleet invoice list');
    await page.getByRole('button', { name: 'Roll back', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(count + 1);
  }, 300_000);

  it('exports the configuration and tries an import: changes in words, and removing what the file omits only when asked', async () => {
    await studioSignIn(page, 'auditor');
    // The menus, read-only for an auditor.
    await openFleet(page, 'Menus');
    await page.locator('[data-menu-form="customer"] [data-entry="payment-methods"]').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Show Payment methods' }).isDisabled()).toBe(true);
    await axeClean();
    await page.getByRole('tab', { name: 'Export and import', exact: true }).click();
    expect(await page.getByRole('link', { name: 'Download the configuration (JSON)' }).getAttribute('href')).toBe(
      '/studio/api/tenants/fleet/export',
    );
    const file = { id: 'fleet', limits: { cardFeeMinor: 600 } };
    await page.locator('input[type="file"]').setInputFiles({
      name: 'fleet.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page.getByRole('button', { name: 'Try the import' }).click();
    // The dry run is the whole check: the first one builds the definition check's contract (about 15 s).
    await expect
      .poll(() => page.locator('[data-import-changes] li').allTextContents(), { timeout: 150_000 })
      .toEqual(['Card fee: $4.50 → $6.00']);
    // An auditor tries, never applies.
    await page.getByText('Auditors may try an import but not apply it.').waitFor();
    await axeClean();
    // Taken whole, the file lacks every other setting: refused with the reasons, nothing written.
    await page.getByRole('checkbox', { name: 'Remove what the file does not mention' }).check();
    await page.getByRole('button', { name: 'Try the import' }).click();
    await page.locator('[data-dry-run="refused"]').waitFor();
    expect(await page.locator('[data-dry-run="refused"] [data-problems] li').count()).toBeGreaterThan(0);
    await axeClean();
  }, 300_000);
});
