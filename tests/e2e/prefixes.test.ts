import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

const path = () => new URL(page.url()).pathname;

/** spec §2: navigation keeps the alternate prefix the user came in with (issue 13, item 3). */
describe.each(['/prod', '/fleet-charge-beta'])('under the prefix %s', (prefix) => {
  it('signs in, follows two menu entries and signs out without leaving the prefix', async () => {
    await page.goto(`${baseUrl()}${prefix}/login`);
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('payer');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**${prefix}/account/overview`);

    await page.locator('nav[data-menu] [data-menu-entry="invoices"]').click();
    await page.waitForURL(`**${prefix}/invoice-list/Billed`);
    await page.getByRole('tab', { name: 'Billed', exact: true }).waitFor();
    expect(await page.locator('nav[data-menu] [data-menu-entry="invoices"]').getAttribute('aria-current')).toBe('page');

    await page.locator('nav[data-menu] [data-menu-entry="notifications"]').click();
    await page.waitForURL(`**${prefix}/notification-center`);
    expect(path()).toBe(`${prefix}/notification-center`);

    // A link inside a screen (the table's invoice link) keeps it too.
    await page.goBack();
    await page.waitForURL(`**${prefix}/invoice-list/Billed`);
    await page.locator('[data-table="invoices"] tbody tr[data-row-id] a[data-routed]').first().click();
    await page.waitForURL(new RegExp(`${prefix}/invoice/[^/]+$`));

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`**${prefix}/login`);
    expect(path()).toBe(`${prefix}/login`);

    // A guard's redirect (signed out, a guarded screen) keeps it as well.
    await page.goto(`${baseUrl()}${prefix}/invoice-list/Billed`);
    // The sign-in page now carries the page to come back to (issue 26 defect 3).
    await page.waitForURL((url) => url.pathname === `${prefix}/login`);
  });
});
