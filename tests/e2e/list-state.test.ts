import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, readOfLoad, signIn, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** What the invoice list asks for C-1004's billed invoices besides the user's choices (multi-currency: USD). */
const LIST = 'filter[status]=Billed&filter[buid_customer]=C-1004&filter[sol_currency]=USD';

/** GET /invoices from the page itself (its session cookie): the rows the portal should show. */
function apiRows(query: string): Promise<Array<{ id: string; dueDate: string }>> {
  return page.evaluate(async (search) => {
    const response = await fetch(`/invoices?${search}`, { headers: { accept: 'application/vnd.api+json' } });
    const body = (await response.json()) as { data: Array<{ attributes: { trxId: string; dueDate: string } }> };
    return body.data.map((item) => ({ id: item.attributes.trxId, dueDate: item.attributes.dueDate }));
  }, query);
}

const table = () => page.locator('[data-table="invoices"]');
/** The first rows shown (the table renders only the rows in view). */
const firstRowIds = () =>
  table()
    .locator('tbody tr[data-row-id]')
    .evaluateAll((rows) => rows.slice(0, 10).map((row) => row.getAttribute('data-row-id')));
const search = () => page.evaluate(() => new URLSearchParams(location.search).toString());
async function showsRows(query: string) {
  const expected = (await apiRows(`${LIST}&${query}`)).map((row) => row.id).slice(0, 10);
  expect(expected).toHaveLength(10);
  await expect.poll(firstRowIds, { timeout: 15_000 }).toEqual(expected);
}

/**
 * Issue 23: a list's page, sort and filters live in the URL, so reload, Back and a shared link
 * show the same rows, and the route loader asks for exactly the page the URL names. One context:
 * the admin on C-1004's 1,868 billed invoices.
 */
describe('list state in the URL', () => {
  it('sort, filter and page a list; reload and Back keep the rows; a shared link opens filtered, asked once', {
    timeout: 300_000,
  }, async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/invoices') asked.push(new URL(request.url()).search);
    });
    await signIn(page, 'admin');
    await page.waitForURL('**/account/customers');
    await page.locator('[data-customer="C-1004"] button').click();
    await page.waitForURL(/\/account\/overview/);
    await page.goto(`${baseUrl()}/invoice-list/Billed`);
    await table().locator('tbody tr[data-row-id]').first().waitFor();
    expect(await search()).toBe('');

    // Sort (a header click pushes), then filter by a due date (a picked date pushes), then page 2.
    await table().locator('button[data-sort="amount"]').click();
    await expect.poll(search).toBe('sort=amount');
    const dueFrom = (await apiRows(`${LIST}&filter[sort]=due_date|asc&page[number]=3&page[size]=50`))[0]!.dueDate;
    await page.getByLabel('Due from').fill(dueFrom);
    await expect.poll(search).toBe(`sort=amount&due_from=${dueFrom}`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(search).toBe(`page=2&sort=amount&due_from=${dueFrom}`);
    const chosen = `filter[due_from]=${dueFrom}&filter[sort]=amount|asc&page[size]=50`;
    await showsRows(`${chosen}&page[number]=2`);

    await page.reload();
    await showsRows(`${chosen}&page[number]=2`);
    expect(await page.getByLabel('Due from').inputValue()).toBe(dueFrom);

    await page.goBack();
    await expect.poll(search).toBe(`sort=amount&due_from=${dueFrom}`);
    await showsRows(`${chosen}&page[number]=1`);
    await page.goBack();
    await expect.poll(search).toBe('sort=amount');
    await expect.poll(() => page.getByLabel('Due from').inputValue()).toBe('');

    // A shared link: the first (and only) request for the list is the linked page, which the route loader started.
    // Asked by the browser, or by the server that rendered the page (issue 25) and carried the answer.
    asked.length = 0;
    const linked = await readOfLoad(
      page,
      () => page.goto(`${baseUrl()}/invoice-list/Billed?due_from=${dueFrom}&sort=-amount&page=3&size=25`),
      (url) => url.pathname === '/invoices',
    );
    await table().locator('tbody tr[data-row-id]').first().waitFor();
    await showsRows(`filter[due_from]=${dueFrom}&filter[sort]=amount|desc&page[number]=3&page[size]=25`);
    expect(Object.fromEntries(linked.searchParams)).toMatchObject({
      'filter[due_from]': dueFrom,
      'filter[sort]': 'amount|desc',
      'page[number]': '3',
      'page[size]': '25',
    });
    // The loader's prefetch and the table share one request (the earlier page's reads may still show up beside it).
    expect(asked.filter((query) => query === linked.search).length).toBeLessThanOrEqual(1);
    expect(await page.getByLabel('Due from').inputValue()).toBe(dueFrom);

    // What the list cannot take reads as its default, without an error.
    await page.goto(`${baseUrl()}/invoice-list/Billed?sort=bogus&page=0&size=7&due_to=someday`);
    await showsRows('filter[sort]=due_date|asc&page[number]=1&page[size]=50');
    expect(await table().locator('[role="alert"]').count()).toBe(0);
  });

  it('a page chosen right after a picked filter stays, however slowly the page renders the filter', { timeout: 300_000 }, async () => {
    await signIn(page, 'admin');
    await page.waitForURL('**/account/customers');
    await page.locator('[data-customer="C-1004"] button').click();
    await page.waitForURL(/\/account\/overview/);
    await page.goto(`${baseUrl()}/invoice-list/Billed`);
    await table().locator('tbody tr[data-row-id]').first().waitFor();
    const dueFrom = (await apiRows(`${LIST}&filter[sort]=due_date|asc&page[number]=3&page[size]=50`))[0]!.dueDate;
    // A slow device: the page renders the picked date long after the input's 300 ms debounce. The date is picked and
    // page 2 chosen in one go, before that render. (The debounce then committed the date again, on page 1: the URL and
    // the rows went back to page 1.)
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.evaluate((date) => {
      const input = [...document.querySelectorAll('label')].find((label) => label.textContent === 'Due from')!.control as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, date);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      [...document.querySelectorAll('button')].find((button) => button.getAttribute('aria-label') === 'Page 2')!.click();
    }, dueFrom);
    await expect.poll(search, { timeout: 30_000 }).toBe(`page=2&due_from=${dueFrom}`);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await showsRows(`filter[due_from]=${dueFrom}&filter[sort]=due_date|asc&page[size]=50&page[number]=2`);
    // Page 2's rows came after the debounce had long ended: the URL still names page 2.
    expect(await search()).toBe(`page=2&due_from=${dueFrom}`);
  });
});
