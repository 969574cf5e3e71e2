/**
 * Names the API gives in English are shown in the user's language (issue 26: an application's
 * "Other" document type showed in English in Bulgarian): a document type, a dispute reason and a
 * dispute contact's type, in a list, a select and a detail. Reads only: the records are the
 * seed's (C-1001's application 1 and dispute on T-1001-0027), and a reason is only chosen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** Signs in (the form in English), then chooses Bulgarian as the language menu stores it: the next pages load in it. */
async function inBulgarian(): Promise<void> {
  await signIn(page, 'payer');
  await page.waitForURL('**/account/overview');
  await page.evaluate(() => localStorage.setItem('portal.locale', 'bg'));
}

describe('names from the API, in Bulgarian (issue 26)', () => {
  it("shows an application's document type translated", async () => {
    await inBulgarian();
    await page.goto(`${baseUrl()}/application-centre/1`);
    const documents = page.locator('[data-widget-id="application-documents"]');
    await documents.getByText('Друго', { exact: true }).first().waitFor();
    expect(await documents.getByText('Other', { exact: true }).count()).toBe(0);
  });

  it("shows a dispute's reason and contact type translated, and offers the reasons translated", async () => {
    await inBulgarian();
    await page.goto(`${baseUrl()}/dispute-center/T-1001-0027`);
    await page.getByText('Грешна сума', { exact: true }).first().waitFor();
    await page.getByText('Основен контакт', { exact: true }).first().waitFor();

    await page.goto(`${baseUrl()}/dispute/create?invoiceIds=T-1001-0008`);
    await page.getByRole('button', { name: 'Напред', exact: true }).click();
    await page.getByRole('combobox', { name: 'Причина' }).click();
    await page.getByRole('option', { name: 'Стоките не са получени', exact: true }).click();
    expect(await page.getByRole('combobox', { name: 'Причина' }).inputValue()).toBe('Стоките не са получени');
  });
});
