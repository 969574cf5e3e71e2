import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../support/api.ts';
import { baseUrl, chooseCustomer, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { pageGet, pageWrite } from './support/page-api.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** The program operator's decision, as its service sends it (no portal session). */
async function decide(applicationId: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl()}/operator/credit-applications/${applicationId}/decision`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const detailValue = (field: string) => page.locator(`[data-widget-id="credit-application"] dd[data-field="${field}"]`).first();

describe('the application centre (issue 26)', () => {
  it('a customer applies in four steps, the program asks for more, the customer answers', async () => {
    // C-1003: the application changes no figure the other browser tests read, and admin's notices are not counted there.
    await signIn(page, 'admin');
    await chooseCustomer(page, 'C-1003');
    await page.goto(`${baseUrl()}/application-centre`);
    await page.getByRole('heading', { name: 'Application centre', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page
      .getByRole('link', { name: 'Apply for credit' })
      .or(page.getByRole('button', { name: 'Apply for credit' }))
      .click();
    await page.waitForURL('**/application-centre/new');
    // Step 1, the company (its name comes from the selected customer).
    expect(await page.getByRole('textbox', { name: /Company name/ }).inputValue()).not.toBe('');
    await page.getByRole('textbox', { name: /Registration number/ }).fill('OH-7781');
    await page.getByRole('textbox', { name: /Country/ }).fill('US');
    await page.getByRole('textbox', { name: /Address/ }).fill('12 Dock Road, Columbus OH');
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 2, the contact: a wrong e-mail is refused on the spot.
    await page.getByRole('textbox', { name: /Contact name/ }).fill('Robin Hale');
    await page.getByRole('textbox', { name: /E-mail/ }).fill('robin@');
    await page.getByRole('textbox', { name: /Phone/ }).fill('614-555-0142');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /E-mail/ }).fill('robin.hale@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 3, the limit, then step 4 (references are optional) and submit.
    await page.getByRole('textbox', { name: /Requested limit/ }).fill('125000');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Trade references' }).first().waitFor();
    await page.getByRole('button', { name: 'Submit application' }).click();

    await page.waitForURL(/\/application-centre\/\d+$/);
    const applicationId = page.url().split('/').pop()!;
    await expect.poll(() => detailValue('status').textContent()).toBe('Submitted');
    expect(await detailValue('requested_limit').textContent()).toBe('$125,000.00');

    await decide(applicationId, { action: 'request_info', note: 'Please add your latest bank statement.' });
    await page.reload();
    await expect.poll(() => detailValue('status').textContent()).toBe('More information needed');
    await page.getByText('The program needs more information: Please add your latest bank statement.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: /Your answer/ }).fill('Statement for October attached.');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => detailValue('status').textContent()).toBe('Under review');
    expect(await page.getByRole('button', { name: 'Send answer' }).count()).toBe(0);

    // The history shows each change, and the applicant's notices arrived.
    const statuses = await page.locator('table[data-list="history"] tbody tr td:nth-child(2)').allTextContents();
    expect(statuses).toEqual(['Submitted', 'More information needed', 'Under review']);
    const notices = await pageGet<{ data: Array<{ attributes: { text_title: string } }> }>(page, '/ecaas/notifications');
    expect(notices.data.map((row) => row.attributes.text_title)).toEqual(
      expect.arrayContaining([
        `Application ${applicationId} received`,
        `Application ${applicationId} needs more information`,
        `Application ${applicationId} is under review`,
      ]),
    );
  });
});

describe('the file upload screen (issue 26)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const TRX = 'T-1001-0005';

  it('uploads several files with a type and a progress bar each, after refusing what breaks the rules', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    const before = await pageGet<{ data: Array<{ id: string }> }>(page, `/merchant-invoice-documents?filter[trx_id]=${TRX}`);
    await page.goto(`${baseUrl()}/file-upload?invoice=${TRX}`);
    const widget = page.locator('[data-widget-id="file-upload"]');
    await widget.getByText(/Up to 5 files at a time, each at most 5 MB/).waitFor();

    // An unsupported file is named beside it; a file without a type is asked for one.
    const chooser = page.waitForEvent('filechooser');
    await widget.getByRole('button', { name: 'Add files' }).click();
    await (await chooser).setFiles([
      { name: 'e2e-statement.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'e2e-photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await widget.getByRole('button', { name: 'Upload', exact: true }).click();
    await widget.getByText('Document type is required').waitFor();
    for (const [file, type] of [
      ['e2e-statement.pdf', 'Receipt'],
      ['e2e-photo.png', 'Other'],
      ['notes.txt', 'Other'],
    ] as const) {
      await widget.getByLabel(`Document type of ${file}`).click();
      await page.getByRole('option', { name: type }).click();
    }
    await widget.getByRole('button', { name: 'Upload', exact: true }).click();
    await widget.getByText('Unsupported file type. Permitted types: PDF, PNG, JPEG, CSV').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await widget.getByRole('button', { name: 'Remove notes.txt' }).click();

    // Held on its way, the upload shows one progress bar per file.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/merchant-invoice-documents', async (route) => {
      await held;
      await route.continue();
    });
    await widget.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => widget.getByRole('progressbar').count()).toBe(2);
    expect(await widget.getByRole('progressbar', { name: 'Upload progress of e2e-photo.png' }).count()).toBe(1);
    release();
    await page.getByText('Files uploaded').first().waitFor();

    const after = await pageGet<{ data: Array<{ id: string; attributes: { file_name: string; document_type: string } }> }>(
      page,
      `/merchant-invoice-documents?filter[trx_id]=${TRX}`,
    );
    const added = after.data.filter((row) => !before.data.some((old) => old.id === row.id));
    expect(added.map((row) => [row.attributes.file_name, row.attributes.document_type])).toEqual([
      ['e2e-statement.pdf', 'Receipt'],
      ['e2e-photo.png', 'Other'],
    ]);
    // Leave the seed as it was for the other tests.
    for (const row of added)
      expect((await pageWrite(page, 'DELETE', '/merchant-invoice-documents', { document_id: Number(row.id) })).status).toBe(204);
  });
});
