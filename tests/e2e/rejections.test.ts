import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { rejectionId as rejectionIdOf, tableRowIds } from './support/rejections.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/**
 * The rejection centre as a customer (issue 15): open a rejection, correct the field its reason
 * concerns (R-1001-0003, "Product not allowed on card": the product), resubmit; a viewer may
 * look but not act. Uses rows no other browser test changes.
 */
const rowIds = (tableId: string) => tableRowIds(page, tableId);
const rejectionId = (trxId: string) => rejectionIdOf(page, trxId);

describe('the rejection centre for customers', () => {
  it('a payer corrects a rejection and resubmits it', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rejections', exact: true }).click();
    await page.waitForURL('**/rejection-center');
    // R-1001-0003 is a CAD rejection: with a currency chosen, every list shows that currency's rows (issue 26).
    await page.getByTestId('currency-switcher').click();
    await page.getByRole('option', { name: 'CAD', exact: true }).click();
    const id = await rejectionId('R-1001-0003');
    const active = page.locator('[data-table="rejections-active"]');
    await active.locator(`tr[data-row-id="${id}"]`).getByRole('link', { name: 'R-1001-0003' }).click();
    await page.waitForURL(`**/rejection-center/${id}`);

    // Customer and card (masked), merchant and transaction information.
    const detail = page.getByTestId('rejection-detail');
    await detail.getByRole('region', { name: 'Customer and card' }).waitFor();
    const text = await detail.textContent();
    expect(text).toContain('Northwind Logistics (C-1001)');
    expect(text).toContain('Northern Tire Centre (M-2002)');
    expect(text).toMatch(/\*{4,}\d{4}/);
    expect(text).toContain('Product not allowed on card');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The product is what this reason concerns; it must be given.
    const product = page.getByRole('textbox', { name: 'Product' });
    expect(await product.inputValue()).toBe('Tyres');
    await product.fill('');
    await page.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await page.getByText('Product is required').waitFor();
    expect(page.url()).toContain(`/rejection-center/${id}`);

    await product.fill('Tyres (retread)');
    await page.getByRole('textbox', { name: 'Comment' }).fill('Retreads are allowed on this card since November');
    await page.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await page.waitForURL('**/rejection-center');
    await page.getByText('Resubmitted', { exact: true }).first().waitFor();
    await expect.poll(() => rowIds('rejections-active')).not.toContain(id);
    await page.getByRole('tab', { name: 'Resubmitted' }).click();
    await expect.poll(() => rowIds('rejections-resubmitted')).toContain(id);

    // What was sent is what the rejection now holds.
    const saved = await page.evaluate(async (rejection) => {
      const response = await fetch(`/rejections?filter[rejection_id]=${rejection}`, { headers: { accept: 'application/vnd.api+json' } });
      return ((await response.json()) as { data: Array<{ attributes: Record<string, unknown> }> }).data[0]!.attributes;
    }, id);
    expect(saved).toMatchObject({
      status: 'resubmitted',
      product: 'Tyres (retread)',
      resubmit_comment: 'Retreads are allowed on this card since November',
    });
  });

  it('a viewer sees a rejection but cannot resubmit or cancel it', async () => {
    await signIn(page, 'viewer');
    await page.waitForURL('**/account/overview');
    const id = await rejectionId('R-1001-0001');
    await page.goto(`${baseUrl()}/rejection-center/${id}`);
    await page.getByText('You can view this rejection but not resubmit or cancel it.').waitFor();
    expect(await page.getByRole('button', { name: 'Resubmit', exact: true }).count()).toBe(0);
    await page.goto(`${baseUrl()}/rejection-center`);
    await page.locator('[data-table="rejections-active"] tbody tr[data-row-id]').first().waitFor();
    expect(await page.getByRole('button', { name: 'Cancel rejection', exact: true }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('says "Rejection not found" for a rejection that is not the user\'s (issue 26: not "Invoice not found")', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.goto(`${baseUrl()}/rejection-center/999999`);
    await page.getByRole('alert').filter({ hasText: 'Rejection not found' }).waitFor();
    expect(await page.getByText('Invoice not found').count()).toBe(0);
  });
});
