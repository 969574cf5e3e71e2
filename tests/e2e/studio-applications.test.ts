/**
 * Issue 26 in the operator studio: the fleet admin applies for a higher limit (its own
 * application: no other browser file reads the fleet customer's limit), a publisher opens it in
 * the fleet tenant's "Credit applications" tab and approves it, and the admin's overview shows
 * the new limit; the list finds it again by status and search, and Back restores a filter.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newContext, signIn, usePagePerTest } from './support/browser.ts';
import { pageWrite } from './support/page-api.ts';
import { axeClean, openFleet, studioSignIn } from './support/studio.ts';

const FLEET = 'fleet.localhost';

let page: Page;
let browser: Parameters<Parameters<typeof usePagePerTest>[0]>[1];
usePagePerTest((created, launched) => {
  page = created;
  browser = launched;
});

describe('credit applications in the operator studio', () => {
  it('a publisher approves the fleet admin’s application and the overview shows the new limit', async () => {
    const context = await newContext(browser);
    const portal = await context.newPage();
    await signIn(portal, 'fleetadmin', FLEET);
    await portal.waitForURL('**/fleet/account/overview');
    const created = await pageWrite<{ data: { id: string } }>(portal, 'POST', '/credit-applications', {
      buid_customer: 'F-3001',
      company: { company_name: 'Fleet Tenant Carrier', registration_number: 'US-3001', country: 'US', address: '5 Depot Lane, Reno NV' },
      contacts: { contact_name: 'Fran Keller', contact_email: 'fran@fleet.example', contact_phone: '775-555-0101' },
      limit: { kind: 'increase', requested_limit: 6_400_000, currency: 'USD' },
    });
    expect(created.status).toBe(201);
    const id = created.body!.data.id;

    await studioSignIn(page, 'publisher');
    await openFleet(page, 'Credit applications');
    await page.getByRole('link', { name: id, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Application ${id}: Fleet Tenant Carrier` }).waitFor();
    await axeClean(page);
    await page.getByRole('radio', { name: 'Approve' }).check();
    expect(await page.getByRole('textbox', { name: /Approved limit/ }).inputValue()).toBe('64000.00');
    await page.getByRole('button', { name: 'Save the decision' }).click();
    await page.getByText('Decision saved. The application is now: Approved').waitFor();
    expect(await page.locator('dd[data-field="approved_limit"]').textContent()).toBe('$64,000.00');

    // The list, paged on the server: a status and a search in the address, Back restores the one before.
    await page.getByRole('link', { name: 'Back to the applications' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
    await page.waitForURL(/status=approved/);
    await page.getByRole('searchbox', { name: 'Application number, customer or company' }).fill('tenant carrier');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=tenant\+carrier/);
    await page.locator(`tr[data-row-id="${id}"]`).waitFor();
    expect(await page.locator('[data-applications-total]').textContent()).toMatch(/^1–\d+ of \d+$/);
    await axeClean(page);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('declined');
    await page.getByText('No application matches this status and search.').waitFor();
    await page.goBack();
    await page.locator(`tr[data-row-id="${id}"]`).waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('approved');

    await portal.goto(`${baseUrl(FLEET)}/fleet/account/overview`);
    await expect
      .poll(() => portal.locator('[data-widget-id="exposure"] [data-stat="credit_limit"] [data-stat-value]').textContent(), {
        timeout: 15_000,
      })
      .toBe('$64,000.00');
    await context.close();
  });
});
