/**
 * Preview and the effective permissions in the operator studio (issue 24), on a draft of the demo
 * tenant that is never published (discarded at the end, so other files keep reading the published
 * demo): an editor raises the card fee in a draft, reads what the payer may do and why not, then
 * previews the payment flow as the payer and sees the new fee in the draft's frame while the
 * published frame beside it, and the payer's own portal, still show the old one. Axe on both new
 * tabs.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, newContext, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { pickUser, studioSignIn } from './support/studio.ts';

let page: Page;
let browser: Parameters<Parameters<typeof usePagePerTest>[0]>[1];
usePagePerTest((created, launched) => {
  page = created;
  browser = launched;
});

let draftStarted = false;
afterAll(async () => {
  if (!draftStarted || !browser) return;
  // Whatever happened above, the demo tenant keeps no open draft for the other files.
  const context = await newContext(browser);
  const studio = await context.newPage();
  await studioSignIn(studio, 'editor');
  await studio.evaluate(async () => {
    const csrf =
      document.cookie
        .split('; ')
        .find((part) => part.startsWith('studio_csrf='))
        ?.slice('studio_csrf='.length) ?? '';
    const drafts = (await (await fetch('/studio/api/tenants/demo/drafts')).json()) as { data: Array<{ id: string }> };
    for (const draft of drafts.data) {
      await fetch(`/studio/api/drafts/${draft.id}/discard`, { method: 'POST', headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
    }
  });
  await context.close();
});

async function axeClean(): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** The card fee note of the payment flow in `portal` (a page or the preview's frame), after picking the first payable invoice. */
async function cardFeeNote(portal: Page | FrameLocator): Promise<string> {
  await portal.locator('[data-table="payable-invoices"] tbody tr[data-row-id] input[type="checkbox"]').first().check();
  await portal.locator('button[data-action="payments.due.paySelected"]').click();
  await portal.getByRole('radio', { name: 'Credit card', exact: true }).check();
  const note = portal.locator('[data-card-fee-note]');
  await note.waitFor();
  return (await note.textContent()) ?? '';
}

describe('preview and effective permissions in the studio', () => {
  it('previews a raised card fee as the payer beside the published fee, and says what the payer may do and why not', async () => {
    await studioSignIn(page, 'editor');
    await page.getByRole('link', { name: 'demo', exact: true }).click();
    await page.getByRole('button', { name: 'Start a draft' }).click();
    await page.locator('[data-draft-state="saved"]').waitFor();
    draftStarted = true;
    const fee = page.getByRole('textbox', { name: 'Card fee' });
    await expect.poll(() => fee.inputValue()).toBe('2.95');
    await fee.fill('3.50');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('[data-draft-state="saved"]').waitFor();

    // What the payer may do, with the draft applied, and why not.
    await page.getByRole('tab', { name: 'Effective permissions', exact: true }).click();
    await pickUser(page, 'payer');
    await page.locator('[data-effective-permissions="draft"]').waitFor();
    const paymentMethods = page.locator('[data-table="effective-screens"] tr[data-row-id="payment-methods"]');
    await expect.poll(() => paymentMethods.getAttribute('data-allowed')).toBe('false');
    expect(await paymentMethods.locator('td').nth(1).textContent()).toBe('Role');
    expect(await paymentMethods.locator('td').nth(2).textContent()).toBe('Not granted to the role Payer');
    expect(await page.locator('[data-table="effective-rule-sets"] tr[data-row-id="pay"]').getAttribute('data-allowed')).toBe('true');
    await axeClean();

    // The payment flow as the payer: as published on the left, with the draft on the right, at once.
    await page.getByRole('tab', { name: 'Preview', exact: true }).click();
    await pickUser(page, 'payer');
    await page.getByRole('textbox', { name: 'Address in the portal' }).fill('/payment/due');
    await page.getByRole('button', { name: 'Open preview' }).click();
    await page.locator('[data-preview="both"]').waitFor();
    const frames = page.locator('[data-preview] iframe');
    await expect.poll(() => frames.count()).toBe(2);
    expect(await frames.nth(0).getAttribute('title')).toBe('Preview of /payment/due as payer (As published)');
    expect(await frames.nth(1).getAttribute('title')).toBe('Preview of /payment/due as payer (With the draft)');
    const published = page.frameLocator('[data-preview-side="published"] iframe');
    const draft = page.frameLocator('[data-preview-side="draft"] iframe');
    // Each frame's in-app navigation (the invoice chosen, on to the payment) keeps its side.
    expect(await cardFeeNote(draft)).toBe('A flat, non-refundable card fee of $3.50 is added to card payments.');
    expect(await cardFeeNote(published)).toBe('A flat, non-refundable card fee of $2.95 is added to card payments.');
    // Both show at once, each its own fee.
    expect(await draft.locator('[data-card-fee-note]').textContent()).toBe(
      'A flat, non-refundable card fee of $3.50 is added to card payments.',
    );
    expect(await published.locator('[data-card-fee-note]').textContent()).toBe(
      'A flat, non-refundable card fee of $2.95 is added to card payments.',
    );
    await axeClean();

    // A page load in either frame from an address that no longer names its side (a reload after
    // in-app navigation) stays on that side; the draft saved meanwhile shows on the draft's only.
    await page.evaluate(async () => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('studio_csrf='))
          ?.slice(12) ?? '',
      );
      const [open] = ((await (await fetch('/studio/api/tenants/demo/drafts')).json()) as { data: Array<{ id: string }> }).data;
      const draft = (await (await fetch(`/studio/api/drafts/${open!.id}`)).json()) as {
        data: { attributes: { document: { limits: { cardFeeMinor: number } } } };
      };
      const tenant = draft.data.attributes.document;
      tenant.limits.cardFeeMinor = 375;
      await fetch(`/studio/api/drafts/${open!.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ document: tenant }),
      });
    });
    for (const side of ['published', 'draft']) {
      const frame = await (await page.locator(`[data-preview-side="${side}"] iframe`).elementHandle())!.contentFrame();
      const reloaded = page.waitForEvent('framenavigated', (navigated) => navigated === frame);
      await frame!.evaluate(() => {
        history.replaceState(null, '', '/payment/due');
        setTimeout(() => location.reload(), 0);
      });
      await reloaded;
    }
    expect(await cardFeeNote(draft)).toBe('A flat, non-refundable card fee of $3.75 is added to card payments.');
    expect(await cardFeeNote(published)).toBe('A flat, non-refundable card fee of $2.95 is added to card payments.');

    // The draft alone: its frame stays as it was, the published one goes.
    await page.getByText('Draft only', { exact: true }).click();
    await page.locator('[data-preview="draft"]').waitFor();
    await expect.poll(() => frames.count()).toBe(1);
    expect(await draft.locator('[data-card-fee-note]').textContent()).toBe(
      'A flat, non-refundable card fee of $3.75 is added to card payments.',
    );

    // The payer's own portal serves the published fee.
    const context = await newContext(browser);
    const portal = await context.newPage();
    await signIn(portal, 'payer');
    await portal.waitForURL('**/account/overview');
    await portal.goto(`${baseUrl()}/payment/due`);
    expect(await cardFeeNote(portal)).toBe('A flat, non-refundable card fee of $2.95 is added to card payments.');
    await context.close();
  }, 240_000);
});
