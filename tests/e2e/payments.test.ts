import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/**
 * The browser files share one database, so these tests pay invoices no other file touches:
 * C-1001's Billed T-1001-0003 and -0004 (bank), Past Due T-1001-0009 (card) and T-1001-0010
 * (the declined card, left payable). invoices.test.ts uses -0001, -0002, -0007, -0008, -0016,
 * -0021 and -0024 and the Billed list's first three by due date (-0005, -0001, -0002);
 * overview.test.ts disputes the Billed invoice due last (-0006).
 */
const BANK = [
  ['T-1001-0003', 'INV-100003'],
  ['T-1001-0004', 'INV-100004'],
] as const;
const CARD = ['T-1001-0009', 'INV-100009'] as const;
const DECLINED = ['T-1001-0010', 'INV-100010'] as const;

interface Invoice {
  trxId: string;
  status: string;
  currency: string;
  currentDueMinor: number;
  pastDueMinor: number;
}

/** GET /invoices from the page itself (its session cookie). */
function invoices(trxIds: readonly string[]): Promise<Invoice[]> {
  return page.evaluate(async (ids) => {
    const response = await fetch(`/invoices?filter[trx_id]=${ids.join(',')}`, { headers: { accept: 'application/vnd.api+json' } });
    return ((await response.json()) as { data: Array<{ attributes: Invoice }> }).data.map((item) => item.attributes);
  }, trxIds);
}

const usd = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const open = (invoice: Invoice) => invoice.currentDueMinor + invoice.pastDueMinor;
const figure = (name: string) => page.locator(`[data-figure="${name}"]`).first().textContent();

/** Signs in as payer and chooses invoices on /payment/due, then goes on to /payment/invoices. */
async function chooseOnDue(invoiceIds: readonly string[]) {
  await signIn(page, 'payer');
  await page.waitForURL('**/account/overview');
  await page.goto(`${baseUrl()}/payment/due`);
  await page.locator('[data-table="payable-invoices"] tbody tr[data-row-id]').first().waitFor();
  for (const invoiceId of invoiceIds) await page.getByRole('checkbox', { name: `Select row ${invoiceId}`, exact: true }).check();
  await page.locator('button[data-action="payments.due.paySelected"]').click();
  await page.waitForURL('**/payment/invoices');
  for (const invoiceId of invoiceIds) {
    await expect.poll(() => page.getByRole('checkbox', { name: `Include invoice ${invoiceId}`, exact: true }).isChecked()).toBe(true);
  }
}

async function enterCard(number: string) {
  await page.getByRole('radio', { name: 'Credit card', exact: true }).check();
  const field: FrameLocator = page.frameLocator('iframe[title="Card details"]');
  await field.getByRole('textbox', { name: /card number/i }).fill(number);
  await field.getByRole('textbox', { name: /expir/i }).fill('1230');
  await field.getByRole('textbox', { name: /cvc|security/i }).fill('123');
}

/** The Idempotency-Key of every POST /payments the page sends. */
function paymentKeys(): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/payments')
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

async function acceptAndPay(click: 'click' | 'dblclick' = 'click') {
  await page.getByRole('checkbox', { name: 'I authorise this payment and accept the payment terms and conditions.' }).check();
  await page.getByRole('button', { name: 'Pay now', exact: true })[click]();
}

describe('payment flow (payer)', () => {
  it('pays two invoices by bank: review, terms, confirmation, then Payment Pending in the list', async () => {
    await chooseOnDue(BANK.map(([, invoiceId]) => invoiceId));
    const before = await invoices(BANK.map(([trxId]) => trxId));
    expect(before.map((invoice) => invoice.status).every((status) => status === 'Billed')).toBe(true);
    const amount = before.reduce((sum, invoice) => sum + open(invoice), 0);
    await expect.poll(() => figure('amount-USD')).toBe(usd(amount));
    // Bank is the first method offered; the customer's online-payment account is preselected, masked.
    expect(await page.getByRole('radio', { name: 'Bank account', exact: true }).isChecked()).toBe(true);
    const account = page.getByRole('radio', { name: /^JPMorgan Chase Bank ••••\d{4}$/ });
    expect(await account.isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.waitForURL('**/payment/confirm');
    await expect.poll(() => figure('paying')).toBe('INV-100003, INV-100004');
    expect(await figure('method')).toMatch(/^Bank account · JPMorgan Chase Bank ••••\d{4}$/);
    expect(await figure('amount-USD')).toBe(usd(amount));
    // The terms must be accepted first (spec §5), and nothing is sent until they are.
    await page.getByRole('button', { name: 'Pay now', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Please accept the terms and conditions' }).count()).toBe(1);
    expect((await invoices(BANK.map(([trxId]) => trxId))).map((invoice) => invoice.status)).toEqual(['Billed', 'Billed']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // A double click sends one request: the button waits for the answer.
    const keys = paymentKeys();
    await acceptAndPay('dblclick');

    const confirmation = page.locator('[data-confirmation]');
    await confirmation.waitFor();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await confirmation.getByRole('heading', { name: 'Payment submitted' }).count()).toBe(1);
    expect(await figure('payment-number')).toMatch(/\S+/);
    expect(await figure('confirmation-number')).toMatch(/\S+/);
    expect(await figure('total')).toBe(usd(amount));
    expect(await confirmation.locator('[data-timing]').textContent()).toContain('1 to 2 business days');
    await expect.poll(() => page.getByText('Your payment was submitted').count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    expect((await invoices(BANK.map(([trxId]) => trxId))).map((invoice) => invoice.status)).toEqual(['Payment Pending', 'Payment Pending']);
    // A reload shows the confirmation again, not a second review.
    await page.reload();
    await confirmation.waitFor();
    await confirmation.getByRole('link', { name: 'View pending payments' }).click();
    await page.waitForURL('**/invoice-list/Payment%20Pending');
    const rows = page.locator('[data-table="invoices"] tbody tr[data-row-id]');
    for (const [trxId] of BANK) await rows.and(page.locator(`[data-row-id="${trxId}"]`)).waitFor();
  });

  it('pays one invoice by card, with the flat card fee shown before confirming', async () => {
    await chooseOnDue([CARD[1]]);
    const [invoice] = await invoices([CARD[0]]);
    expect(invoice!.status).toBe('Past Due');
    await enterCard('4242 4242 4242 4242');
    // The tenant's fee (295 minor units) and the total, before anything is confirmed.
    await expect
      .poll(() => page.locator('[data-card-fee-note]').textContent())
      .toBe('A flat, non-refundable card fee of $2.95 is added to card payments.');
    expect(await figure('card-fee')).toBe('$2.95');
    expect(await figure('total')).toBe(usd(open(invoice!) + 295));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.waitForURL('**/payment/confirm');
    await expect.poll(() => figure('method')).toMatch(/^Credit card · .+ •••• 4242$/);
    expect(await figure('card-fee')).toBe('$2.95');
    expect(await figure('total')).toBe(usd(open(invoice!) + 295));
    await acceptAndPay();

    const confirmation = page.locator('[data-confirmation]');
    await confirmation.waitFor();
    expect(await figure('card-fee')).toBe('$2.95');
    expect(await figure('total')).toBe(usd(open(invoice!) + 295));
    expect(await confirmation.locator('[data-timing]').textContent()).toContain('1 to 3 business days');
    expect((await invoices([CARD[0]]))[0]!.status).toBe('Payment Pending');
  });

  it("a declined test card shows the provider's error, and the invoice stays payable", async () => {
    await chooseOnDue([DECLINED[1]]);
    await enterCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/payment/confirm');
    const keys = paymentKeys();
    await acceptAndPay();
    await expect
      .poll(() => page.locator('[data-payment-error]').textContent())
      .toBe('A card payment provider could not process the payment');
    await expect.poll(() => page.getByText('A card payment provider could not process the payment').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-confirmation]').count()).toBe(0);
    expect((await invoices([DECLINED[0]]))[0]!.status).toBe('Past Due');
    // Trying the same submission again keeps its key, so it can never pay twice.
    await page.getByRole('button', { name: 'Pay now', exact: true }).click();
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[1]).toBe(keys[0]);
    await expect.poll(() => page.locator('[data-payment-error]').count()).toBe(1);
    expect((await invoices([DECLINED[0]]))[0]!.status).toBe('Past Due');
  });

  it('without the router state (a reload, a bookmark) offers the payable invoices, none chosen', async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.goto(`${baseUrl()}/payment/invoices`);
    await expect.poll(() => page.locator('[data-problems]').textContent()).toBe('Select at least one unpaid invoice or account to pay');
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: `Include invoice ${DECLINED[1]}`, exact: true }).check();
    await expect.poll(() => page.locator('[data-problems]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(false);
  });
});

describe('payment flow across accounts (corporate, program mode)', () => {
  it('shows the rules of spec §5 live beside the choice, with their messages', async () => {
    await signIn(page, 'corporate');
    await page.waitForURL('**/account/program-overview');
    await page.getByRole('button', { name: 'Pay invoices across accounts' }).click();
    await page.waitForURL('**/payment/due');
    const include = (name: string) => page.getByRole('checkbox', { name: `Include account ${name}`, exact: true });
    // A customer that may not pay online says why (its paymentWebText).
    await expect
      .poll(() => page.locator('[data-checklist="customers"] tr[data-row-id="C-1007"]').textContent())
      .toContain('Payments are on hold while your credit review is completed.');
    await include('Northwind Logistics').check();
    await include('Maple Freight Ltd').check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/payment/invoices');

    const problems = () => page.locator('[data-problems]').getAttribute('data-problems');
    // Two accounts by bank: refused; by card: one supported currency is needed (USD and CAD).
    await expect.poll(problems).toContain('errors.payments.multipleAccountsCardOnly');
    expect(await page.getByRole('alert').filter({ hasText: 'Multiple accounts can only be paid by credit card' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Credit card', exact: true }).check();
    await expect.poll(problems).toContain('errors.payments.cardCurrencyMismatch');
    expect(await problems()).not.toContain('errors.payments.multipleAccountsCardOnly');
    // One account left: the bank account of Maple Freight pays it.
    await include('Northwind Logistics').uncheck();
    await page.getByRole('radio', { name: 'Bank account', exact: true }).check();
    await expect.poll(() => page.locator('[data-problems]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(false);
    // By mail: the remittance instructions; the review sends nothing.
    await page.getByRole('radio', { name: 'By mail', exact: true }).check();
    await page.locator('[data-remittance]').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/payment/confirm');
    await page.locator('[data-remittance]').waitFor();
    expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
  });
});

describe('payment mode from the side menu', () => {
  it('starts the flow across accounts from the corporate menu (the session default is INDIVIDUAL_ACCOUNT)', async () => {
    await signIn(page, 'corporate');
    await page.waitForURL('**/account/program-overview');
    await page.locator('[data-menu-entry="pay"]').click();
    await page.waitForURL('**/payment/due');
    // The corporate menu's entry is the program-overview payment: the user's customers to choose from.
    await page.locator('[data-checklist="customers"] tr[data-row-id="C-1001"]').waitFor();
  });
});

// A viewer is refused the flow's three steps by their guards (tests/definitions/screen-guards.test.ts);
// that a refused route sends the user to sign in, saying why, is tests/e2e/shell.test.ts's.
