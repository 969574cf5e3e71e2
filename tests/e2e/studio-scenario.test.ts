/**
 * Issue 24's whole browser scenario ("How it is checked"), on the fleet tenant (no other browser
 * file changes it but the studio files, which roll back). In one draft an editor raises the card
 * fee, hides the invoice list's PO-number column for payers, words the list's German title and
 * takes "Payment methods" from the customer admin; previews it as the fleet's payer (the column
 * gone) and its admin (the column there, the fee, the refused page); a publisher publishes. The
 * admin's portal then shows and charges the new fee (a card payment of T-3001-0002, which no other
 * file reads), still has the column, shows the German title, and refuses the page and its API; the
 * payer's portal lacks the column. Rolled back, all four are as shipped again in the admin's same
 * open portal, which loads itself anew on a navigation once its reads say the tenant changed, and
 * the payer has the column again. One sign-in per operator and portal user.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newContext, signIn, usePagePerTest } from './support/browser.ts';
import { FLEET_HOST as FLEET, fleetInvoiceList, openFleet, pickUser, studioSignIn } from './support/studio.ts';

const TITLE_KEY = 'common.screens.invoiceList';
/** Paid by card here: Billed, due last, so the other files' "first payable invoice" is not it. */
const PAID = 'INV-800002';
const REFUSED = "You don't have access to that page.";

let editor: Page;
let browser: Parameters<Parameters<typeof usePagePerTest>[0]>[1];
usePagePerTest((created, launched) => {
  editor = created;
  browser = launched;
});

/** The fee note of the payment flow in `portal` (a page or the preview's frame), choosing invoice `invoiceId` by card. */
async function cardFeeNote(portal: Page | FrameLocator, invoiceId: string, card = 'Credit card'): Promise<string> {
  await portal.getByRole('checkbox', { name: `Select row ${invoiceId}`, exact: true }).check();
  await portal.locator('button[data-action="payments.due.paySelected"]').click();
  await portal.getByRole('radio', { name: card, exact: true }).check();
  const note = portal.locator('[data-card-fee-note]');
  await note.waitFor();
  return (await note.textContent()) ?? '';
}

/** The invoice list's title and whether its PO-number column is there, in German. */
/**
 * The invoice list's title and whether it has the PO-number column, in German. Read through
 * expect.poll: a page whose language was set in local storage alone (not through the menu, whose
 * choice the server's render reads from its cookie) is rendered on the server in the tenant's
 * language first, and the browser renders it again in German.
 */
async function germanInvoiceList(portal: Page | FrameLocator): Promise<{ title: string; poNumberColumn: number }> {
  await portal.locator('[data-table="invoices"] tbody tr[data-row-id]').first().waitFor();
  return {
    title: (await portal.getByRole('heading', { level: 1 }).textContent()) ?? '',
    poNumberColumn: await portal.getByRole('columnheader', { name: /Bestellnummer/ }).count(),
  };
}

/** A JSON:API read from the portal page itself (its session): the status and the attributes. */
function read(portal: Page, path: string): Promise<{ status: number; attributes: Record<string, unknown> | undefined }> {
  return portal.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' } });
    const body = (await response.json()) as { data?: { attributes: Record<string, unknown> } };
    return { status: response.status, attributes: body.data?.attributes };
  }, path);
}

describe("issue 24's scenario", () => {
  it('drafts four changes, previews and publishes them, the portal and its API follow, and a rollback restores all four', async () => {
    // The editor's draft: the card fee, a column, a German text and a role's permission.
    await studioSignIn(editor, 'editor');
    await openFleet(editor);
    await editor.getByRole('button', { name: 'Start a draft' }).click();
    await editor.locator('[data-draft-state="saved"]').waitFor();
    const fee = editor.getByRole('textbox', { name: 'Card fee' });
    await expect.poll(() => fee.inputValue()).toBe('4.50');
    await fee.fill('6.75');

    await editor.getByRole('tab', { name: 'Screens', exact: true }).click();
    await editor.getByRole('combobox', { name: 'Screen', exact: true }).fill('invoice-list');
    await editor.getByRole('option', { name: 'invoice-list (/invoice-list/:status)', exact: true }).click();
    // Hidden for payers: the role picked by typing its name, as the column's other choices stay.
    const hiddenFor = editor.getByRole('combobox', { name: 'Roles PO number is hidden for', exact: true });
    await hiddenFor.click();
    await hiddenFor.fill('Payer');
    await editor.getByRole('option', { name: 'Payer', exact: true }).waitFor();
    await hiddenFor.press('Enter');
    await hiddenFor.press('Escape');
    await editor.locator('[data-column="poNumber"] .mantine-Pill-root', { hasText: 'Payer' }).waitFor();

    await editor.getByRole('tab', { name: 'Texts', exact: true }).click();
    await editor.getByRole('textbox', { name: 'Find a text' }).fill(TITLE_KEY);
    await editor.locator(`[data-text-key="${TITLE_KEY}"]`).click();
    await editor.getByRole('button', { name: 'Word this text for this tenant' }).click();
    const german = editor.getByRole('textbox', { name: 'Deutsch', exact: true });
    await expect.poll(() => german.inputValue()).toBe('Rechnungen');
    await german.fill('Alle Rechnungen');

    await editor.getByRole('tab', { name: 'Role permissions', exact: true }).click();
    await editor.getByRole('checkbox', { name: 'Customer, Admin: Payment methods', exact: true }).uncheck();
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await editor.locator('[data-draft-state="saved"]').waitFor();

    await editor.getByRole('tab', { name: 'Draft', exact: true }).click();
    await expect
      .poll(() => editor.locator('[data-diff] li').allTextContents())
      .toEqual(
        expect.arrayContaining([
          'Card fee: $4.50 → $6.75',
          'Invoices: column PO number hidden for payers',
          `de: ${TITLE_KEY} changed`,
          'Customer, Admin: loses Payment methods',
        ]),
      );
    await editor.getByRole('button', { name: 'Check draft' }).click();
    // The first check builds the definition check's contract (about 15 s, more on a busy machine).
    await editor.locator('[data-check="publishable"]').waitFor({ timeout: 150_000 });

    // Preview with the draft as the fleet's payer (the list in German, without the column), then as
    // its admin (the column there, the fee, the refused page).
    await editor.getByRole('tab', { name: 'Preview', exact: true }).click();
    // The draft alone, at the panel's width: side by side, each frame lays the portal out 800 px
    // wide, where the list drops its optional columns (PO number among them) to fit.
    // tests/e2e/studio-preview.test.ts covers the two sides at once.
    await editor.getByText('Draft only', { exact: true }).click();
    let previewUser = '';
    const previewAs = (username: string) => {
      previewUser = username;
      return pickUser(editor, username);
    };
    await previewAs('fleetpayer');
    const preview = async (path: string, language: string): Promise<FrameLocator> => {
      // The studio's own language picker is named Language too.
      await editor.getByRole('tabpanel', { name: 'Preview' }).getByLabel('Language', { exact: true }).selectOption(language);
      await editor.getByRole('textbox', { name: 'Address in the portal' }).fill(path);
      await editor.getByRole('button', { name: 'Open preview' }).click();
      // The draft's frame, beside the published one (one session, each frame its side); its title
      // names the path and the user (the last frame may show the same path).
      await editor.locator(`[data-preview-side="draft"] iframe[title^="Preview of ${path} as ${previewUser} "]`).waitFor();
      return editor.frameLocator('[data-preview-side="draft"] iframe');
    };
    expect(await germanInvoiceList(await preview('/invoice-list/Billed', 'de'))).toEqual({ title: 'Alle Rechnungen', poNumberColumn: 0 });
    await previewAs('fleetadmin');
    expect(await germanInvoiceList(await preview('/invoice-list/Billed', 'de'))).toEqual({ title: 'Alle Rechnungen', poNumberColumn: 1 });
    await (await preview('/payment-methods', 'en')).getByText(REFUSED).waitFor();
    expect(await cardFeeNote(await preview('/payment/due', 'en'), PAID)).toBe(
      'A flat, non-refundable card fee of $6.75 is added to card payments.',
    );

    // The publisher publishes it.
    const publisherContext = await newContext(browser);
    const publisher = await publisherContext.newPage();
    await studioSignIn(publisher, 'publisher');
    await openFleet(publisher, 'Draft');
    await publisher.getByRole('textbox', { name: 'Note for the history' }).fill('Scenario: fee, column, German title, payment methods');
    await publisher.getByRole('button', { name: 'Publish', exact: true }).click();
    await publisher.locator('[data-published]').waitFor();

    // The portal: the new fee shown and charged, the page and its API refused, the list changed.
    const portalContext = await newContext(browser);
    const portal = await portalContext.newPage();
    await signIn(portal, 'fleetadmin', FLEET);
    await portal.waitForURL('**/fleet/account/overview');
    await portal.goto(`${baseUrl(FLEET)}/fleet/payment/due`);
    expect(await cardFeeNote(portal, PAID)).toBe('A flat, non-refundable card fee of $6.75 is added to card payments.');
    const card = portal.frameLocator('iframe[title="Card details"]');
    await card.getByRole('textbox', { name: /card number/i }).fill('4242 4242 4242 4242');
    await card.getByRole('textbox', { name: /expir/i }).fill('1230');
    await card.getByRole('textbox', { name: /cvc|security/i }).fill('123');
    await portal.getByRole('button', { name: 'Continue', exact: true }).click();
    await portal.waitForURL('**/payment/confirm');
    await portal.getByRole('checkbox', { name: 'I authorise this payment and accept the payment terms and conditions.' }).check();
    const paid = portal.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/payments',
    );
    await portal.getByRole('button', { name: 'Pay now', exact: true }).click();
    const { data } = (await (await paid).json()) as { data: { id: string } };
    expect((await read(portal, `/payments/${data.id}`)).attributes?.card_fee_minor).toBe(675);
    expect((await read(portal, '/bank-accounts?filter[buid_customer]=F-3001')).status).toBe(403);
    await portal.goto(`${baseUrl(FLEET)}/fleet/payment-methods`);
    await portal.getByText(REFUSED).waitFor();
    await portal.evaluate(() => localStorage.setItem('portal.locale', 'de'));
    await portal.goto(`${baseUrl(FLEET)}/fleet/invoice-list/Billed`);
    await expect.poll(() => germanInvoiceList(portal)).toEqual({ title: 'Alle Rechnungen', poNumberColumn: 1 });
    // The payer's portal: the same list without the column.
    const { context: payerContext, portal: payer } = await fleetInvoiceList(browser, 'fleetpayer', 'de');
    await expect.poll(() => germanInvoiceList(payer)).toEqual({ title: 'Alle Rechnungen', poNumberColumn: 0 });

    // Rolled back in History: the revision before the publish, published again.
    await publisher.getByRole('tab', { name: 'History', exact: true }).click();
    const rows = publisher.locator('[data-table="studio-revisions"] tbody tr');
    await rows.nth(1).waitFor();
    const previous = await rows.nth(1).getAttribute('data-row-id');
    const count = await rows.count();
    await publisher.getByRole('button', { name: `Roll back to revision ${previous}` }).click();
    await publisher.getByRole('textbox', { name: 'Note' }).fill('Scenario: restore the fleet tenant');
    await publisher.getByRole('button', { name: 'Roll back', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(count + 1);
    await publisherContext.close();

    // The same open portal, in German: its next read learns of the rollback, so the navigation
    // after it loads the page anew (a marker in the window shows which one did), and all four are as shipped.
    await portal.evaluate(() => Object.assign(window, { bootedBeforeRollback: true }));
    await portal.getByRole('tab', { name: 'Überfällig', exact: true }).click();
    await portal.locator('[data-table="invoices"] tbody tr[data-row-id]').first().waitFor();
    await portal.getByRole('tab', { name: 'Abgerechnet', exact: true }).click();
    await expect.poll(() => portal.evaluate(() => 'bootedBeforeRollback' in window)).toBe(false);
    await expect.poll(() => germanInvoiceList(portal)).toEqual({ title: 'Rechnungen', poNumberColumn: 1 });
    expect((await read(portal, '/bank-accounts?filter[buid_customer]=F-3001')).status).toBe(200);
    await portal.goto(`${baseUrl(FLEET)}/fleet/payment-methods`);
    await portal.getByRole('heading', { level: 1, name: 'Zahlungsmethoden' }).waitFor();
    await portal.goto(`${baseUrl(FLEET)}/fleet/payment/due`);
    await portal.locator('[data-table="payable-invoices"] tbody tr[data-row-id] input[type="checkbox"]').first().check();
    await portal.locator('button[data-action="payments.due.paySelected"]').click();
    await portal.getByRole('radio', { name: 'Kreditkarte', exact: true }).check();
    await expect.poll(() => portal.locator('[data-card-fee-note]').textContent()).toContain('4,50');
    await portalContext.close();
    await payer.goto(`${baseUrl(FLEET)}/fleet/invoice-list/Billed`);
    await expect.poll(() => germanInvoiceList(payer)).toEqual({ title: 'Rechnungen', poNumberColumn: 1 });
    await payerContext.close();
  }, 420_000);
});
