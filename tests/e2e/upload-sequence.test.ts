import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Every alert on the page (toasts and inline alerts) whose text says the server could not be reached. */
const connectionErrors = () => page.getByRole('alert').filter({ hasText: 'Unable to contact server' }).count();

describe('download, refused upload, upload (issue 13 item 10)', () => {
  it('shows only "The document was uploaded", never "Unable to contact server", also when reads are called off', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    // Slow reads: the upload's refresh finds the reads of the page still on their way and calls them off.
    await page.route('**/merchant-invoice-documents?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/invoice/T-1001-0001`);
    const documents = page.locator('[data-table="documents"] tbody a[download]');
    await documents.first().waitFor();

    // 1. Download a document.
    const download = page.waitForEvent('download');
    await documents.first().click();
    expect((await download).suggestedFilename()).toBe('INV-100001.pdf');

    // 2. Try an upload without a document type: refused on the spot.
    const upload = page.locator('[data-widget-id="document-upload"]');
    const fileInput = upload.locator('input[type="file"]');
    const uploadButton = upload.getByRole('button', { name: 'Upload', exact: true });
    await fileInput.setInputFiles({ name: 'sequence-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
    await uploadButton.click();
    await expect.poll(() => upload.getByRole('alert').textContent()).toBe('Document type is required');

    // 3. Upload with one: the upload's refresh reads the page again.
    await upload.getByLabel(/Document type/).click();
    await page.getByRole('option', { name: 'Receipt' }).click();
    await uploadButton.click();
    await expect.poll(() => page.getByText('The document was uploaded').count()).toBeGreaterThan(0);
    const row = page.locator('[data-table="documents"] tbody tr', { hasText: 'sequence-e2e.pdf' });
    await row.waitFor();

    // Long enough for any late error to show.
    await page.waitForTimeout(1500);
    expect(await connectionErrors()).toBe(0);
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /could not|Unable|went wrong/ })
        .count(),
    ).toBe(0);

    // Leave the seed as it was for the other tests.
    await row.getByRole('button', { name: 'Delete: sequence-e2e.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await connectionErrors()).toBe(0);
  });
});
