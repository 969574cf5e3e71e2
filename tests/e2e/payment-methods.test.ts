import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, chooseCustomer, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { pageWrite } from './support/page-api.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** The seeded AutoPay account of C-1001 (server/db/seed/accounts.ts), as every screen shows it. */
const SEEDED = { masked: '••••6789', number: '000123456789' };

const table = () => page.locator('[data-table="bank-accounts"]');
const rowTexts = () =>
  table()
    .locator('tbody tr[data-row-id]')
    .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
const field = (name: string) => page.getByRole('textbox', { name, exact: true });

const apiWrite = async (method: string, path: string, body?: unknown) => (await pageWrite(page, method, path, body)).status;

async function openPaymentMethods() {
  await signIn(page, 'admin');
  await chooseCustomer(page, 'C-1001');
  await page.goto(`${baseUrl()}/payment-methods`);
  await table().locator('tbody tr[data-row-id]').first().waitFor();
}

async function openAddForm() {
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await page.waitForURL('**/add-bank-account');
  await page.getByRole('heading', { level: 1, name: 'Add bank account' }).waitFor();
}

async function chooseOption(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillUsAccount(accountNumber: string, routingNumber: string) {
  await field('Bank name').fill('First Test Bank');
  await field('Account number').fill(accountNumber);
  await field('Routing number').fill(routingNumber);
  await chooseOption('Account type', 'Checking');
}

const submit = () => page.getByRole('button', { name: 'Add bank account', exact: true }).click();

describe('payment methods (admin, C-1001)', () => {
  it('lists masked numbers, checks routing numbers in the browser, adds an account and resolves the AutoPay conflict', async () => {
    await openPaymentMethods();
    expect(await rowTexts()).toEqual([expect.stringContaining(SEEDED.masked)]);
    expect(await page.locator('main').textContent()).not.toContain(SEEDED.number);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A bad routing number: the spec's messages, nothing sent.
    await openAddForm();
    // C-1001's banking countries (system type G, module version 2), US chosen as the form's default.
    await expect.poll(() => page.getByRole('combobox', { name: 'Bank country' }).inputValue()).toBe('United States');
    await fillUsAccount('9876543210', '12345');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await submit();
    await page.getByText('Routing number must be exactly 9 digits').waitFor();
    // The field errors are readable too (the theme darkens Mantine's error red to 4.5:1).
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await field('Routing number').fill('011000016');
    await page.getByText('Routing number is not a valid ABA routing number (check digit)').waitFor();

    // A good one: added, listed masked.
    await field('Routing number').fill('011000015');
    await submit();
    await page.waitForURL('**/payment-methods');
    await page.getByText('Payment method added').waitFor();
    await expect.poll(rowTexts).toEqual([expect.stringContaining(SEEDED.masked), expect.stringContaining('••••3210')]);
    expect(await page.locator('main').textContent()).not.toContain('9876543210');

    // Another AutoPay account: the server names the current one, the user confirms, it is gone.
    await openAddForm();
    await fillUsAccount('5550001111', '021000021');
    await page.getByRole('checkbox', { name: 'AutoPay' }).check();
    await submit();
    const dialog = page.getByRole('dialog', { name: 'Replace the AutoPay account?' });
    await dialog.waitFor();
    // issue 13: named by bank and account name as well, not only by "••••6789".
    const label = `JPMorgan Chase Bank · Northwind Logistics Operating ${SEEDED.masked}`;
    expect(await dialog.textContent()).toContain(`${label} uses AutoPay now: continuing removes ${label} permanently`);
    await dialog.getByRole('button', { name: 'Remove it and continue' }).click();
    await page.waitForURL('**/payment-methods');
    await expect.poll(rowTexts).toEqual([expect.stringContaining('••••3210'), expect.stringContaining('••••1111')]);
  });

  it("shows the Canadian CFI form with the spec's messages for wrong numbers", async () => {
    await openPaymentMethods();
    await openAddForm();
    await chooseOption('Bank country', 'Canada');
    await field('Account name').fill('Northwind Canada');
    expect(await field('Routing number').count()).toBe(0);
    await field('Bank number').fill('1234');
    await field('Branch number').fill('123');
    await field('Account number').fill('123');
    await submit();
    await page.getByText('Bank number must be exactly 4 digits starting with 0').waitFor();
    await page.getByText('Branch number must be exactly 5 digits').waitFor();
    await page.getByText('Account number must be 7 to 12 digits').waitFor();
    await field('Bank number').fill('');
    await page.getByText('Bank number is required').waitFor();
    expect(page.url()).toContain('/add-bank-account');
  });

  it('warns before removing the last online payment method', async () => {
    await openPaymentMethods();
    // Back to one account for C-1001 (the seeded AutoPay account again), so later suites find it.
    const ids = await table()
      .locator('tbody tr[data-row-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));
    expect(
      await apiWrite('POST', '/bank-accounts', {
        buid_customer: 'C-1001',
        bank_country: 'US',
        bank_name: 'JPMorgan Chase Bank',
        account_number: SEEDED.number,
        routing_number: '021000021',
        account_type: 'checking',
        autopay: true,
        online_payment: true,
        replace_autopay: true,
      }),
    ).toBe(201);
    for (const id of ids) expect([204, 404]).toContain(await apiWrite('DELETE', `/bank-accounts/${id}`));
    await page.reload();
    await expect.poll(rowTexts).toEqual([expect.stringContaining(SEEDED.masked)]);

    await table()
      .getByRole('button', { name: /^Remove/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove bank account' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('online payment will stop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(rowTexts).toEqual([expect.stringContaining(SEEDED.masked)]);

    // Editing the payment types: AutoPay off (online payment stays), then on again.
    await table()
      .getByRole('button', { name: /^Stop AutoPay/ })
      .click();
    await page.getByText('Payment method updated').waitFor();
    await table()
      .getByRole('button', { name: /^Use for AutoPay/ })
      .waitFor();
    expect(
      await table()
        .getByRole('button', { name: /^Stop AutoPay/ })
        .count(),
    ).toBe(0);
    await table()
      .getByRole('button', { name: /^Use for AutoPay/ })
      .click();
    await table()
      .getByRole('button', { name: /^Stop AutoPay/ })
      .waitFor();
  });
});
