/**
 * The operator studio's UI (issue 24), as its operators use it, on the fleet tenant (no other
 * browser file reads its card fee or its admin's payment methods, and the test rolls it back):
 * an editor raises the card fee in the settings form and takes "Payment methods" from the
 * customer admin in the matrix, saves and checks the draft and reads the diff, but may not
 * publish; a publisher publishes it with a note; the fleet admin's payment flow then shows the
 * new fee and the payment-methods page and its API are refused; the publisher rolls back in
 * History and both are restored. An auditor reads but has no draft actions. Axe on each screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newContext, signIn, usePagePerTest } from './support/browser.ts';
import { axeClean as axeCleanOn, openFleet, studioSignIn as signInToStudio } from './support/studio.ts';

const FLEET = 'fleet.localhost';

let page: Page;
let browser: Parameters<Parameters<typeof usePagePerTest>[0]>[1];
usePagePerTest((created, launched) => {
  page = created;
  browser = launched;
});

const axeClean = () => axeCleanOn(page);
const studioSignIn = (username: string) => signInToStudio(page, username);
const openTenant = (tab?: string) => openFleet(page, tab);

const diffLines = () => page.locator('[data-diff] li').allTextContents();

/** The fleet admin's view of the portal: the card fee note in the payment flow and whether payment methods open. */
async function fleetAdminSees(): Promise<{ feeNote: string; paymentMethodsStatus: number; paymentMethodsPage: boolean }> {
  const context = await newContext(browser);
  const portal = await context.newPage();
  await signIn(portal, 'fleetadmin', FLEET);
  await portal.waitForURL('**/fleet/account/overview');
  await portal.goto(`${baseUrl(FLEET)}/fleet/payment/due`);
  await portal.locator('[data-table="payable-invoices"] tbody tr[data-row-id]').first().waitFor();
  await portal.locator('[data-table="payable-invoices"] tbody tr[data-row-id] input[type="checkbox"]').first().check();
  await portal.locator('button[data-action="payments.due.paySelected"]').click();
  await portal.waitForURL('**/payment/invoices');
  await portal.getByRole('radio', { name: 'Credit card', exact: true }).check();
  const note = portal.locator('[data-card-fee-note]');
  await note.waitFor();
  const feeNote = (await note.textContent()) ?? '';
  const paymentMethodsStatus = await portal.evaluate(async () => {
    const response = await fetch('/bank-accounts?filter[buid_customer]=F-3001', { headers: { accept: 'application/vnd.api+json' } });
    return response.status;
  });
  await portal.goto(`${baseUrl(FLEET)}/fleet/payment-methods`);
  const refused = portal.getByText("You don't have access to that page.", { exact: false });
  const opened = portal.getByRole('heading', { level: 1, name: 'Payment methods' });
  await refused.or(opened).first().waitFor();
  const paymentMethodsPage = (await opened.count()) > 0;
  await context.close();
  return { feeNote, paymentMethodsStatus, paymentMethodsPage };
}

describe('the operator studio', () => {
  it('shows its own sign-in at /studio and refuses a wrong password with the reason', async () => {
    await page.goto(`${baseUrl()}/studio`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to the operator studio' }).waitFor();
    await axeClean();
    await page.getByRole('textbox', { name: 'Operator name' }).fill('auditor');
    await page.getByLabel(/^Password/).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Username and/or password is invalid');
    // The operator's session is no portal session.
    const self = await page.evaluate(async () => (await fetch('/self', { headers: { accept: 'application/vnd.api+json' } })).json());
    expect(JSON.stringify(self)).not.toContain('auditor');
  });

  it('lets an auditor read the configuration, history and audit, without any draft action', async () => {
    await studioSignIn('auditor');
    await axeClean();
    await openTenant();
    await page.locator('[data-draft-state]').waitFor();
    expect(await page.getByRole('button', { name: 'Start a draft' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await page.locator('[data-table="studio-revisions"] tbody tr').first().waitFor();
    expect(await page.getByRole('button', { name: /^Roll back/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    // The audit table (the fleet tenant's log may still be empty: sign-ins count on the host's tenant).
    await page.locator('[data-table="studio-audit"]').waitFor();
    expect(await page.getByRole('link', { name: 'Download the audit log (CSV)' }).getAttribute('href')).toBe(
      '/studio/api/tenants/fleet/audit.csv',
    );
    await axeClean();
  });

  it('drafts, checks, publishes and rolls back a card fee and a role permission that the portal and its API follow', async () => {
    const before = await fleetAdminSees();
    expect(before).toEqual({
      feeNote: 'A flat, non-refundable card fee of $4.50 is added to card payments.',
      paymentMethodsStatus: 200,
      paymentMethodsPage: true,
    });

    // The editor writes the draft.
    await studioSignIn('editor');
    await openTenant();
    await page.getByRole('button', { name: 'Start a draft' }).click();
    await page.locator('[data-draft-state="saved"]').waitFor();
    const fee = page.getByRole('textbox', { name: 'Card fee' });
    await expect.poll(() => fee.inputValue()).toBe('4.50');
    await fee.fill('5.25');
    await axeClean();
    await page.getByRole('tab', { name: 'Role permissions', exact: true }).click();
    const cell = page.getByRole('checkbox', { name: 'Customer, Admin: Payment methods', exact: true });
    expect(await cell.isChecked()).toBe(true);
    await cell.uncheck();
    await axeClean();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('[data-draft-state="saved"]').waitFor();
    await page.getByRole('tab', { name: 'Draft', exact: true }).click();
    await expect.poll(diffLines).toEqual(expect.arrayContaining(['Card fee: $4.50 → $5.25', 'Customer, Admin: loses Payment methods']));
    await page.getByRole('button', { name: 'Check draft' }).click();
    // The first check builds the definition check's contract (about 15 s, more on a busy machine).
    await page.locator('[data-check="publishable"]').waitFor({ timeout: 150_000 });
    // An editor is told why there is no Publish.
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    await page.locator('[data-publish-refused]').waitFor();
    await axeClean();
    await page.getByRole('button', { name: 'Sign out' }).click();

    // The publisher publishes it with a note.
    await studioSignIn('publisher');
    await openTenant('Draft');
    await expect.poll(diffLines).toContain('Card fee: $4.50 → $5.25');
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Note for the history' }).fill('Card fee 5.25; admins lose payment methods');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('[data-published]').waitFor();
    await axeClean();

    const after = await fleetAdminSees();
    expect(after).toEqual({
      feeNote: 'A flat, non-refundable card fee of $5.25 is added to card payments.',
      paymentMethodsStatus: 403,
      paymentMethodsPage: false,
    });

    // Rolled back in History: the revision before the publish is published again.
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    const rows = page.locator('[data-table="studio-revisions"] tbody tr');
    await rows.nth(1).waitFor();
    const previous = await rows.nth(1).getAttribute('data-row-id');
    const count = await rows.count();
    await page.getByRole('button', { name: `Roll back to revision ${previous}` }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('Restore the fleet tenant');
    await axeClean();
    await page.getByRole('button', { name: 'Roll back', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(count + 1);
    expect(await rows.first().locator('td').nth(3).textContent()).toBe('Restore the fleet tenant');
    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    await expect.poll(() => page.locator('[data-table="studio-audit"] tbody tr').first().textContent()).toContain('Rolled back');
    await axeClean();

    expect(await fleetAdminSees()).toEqual(before);
  }, 300_000);
});
