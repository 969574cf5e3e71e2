import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, chooseCustomer, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { pageGet, pageWrite } from './support/page-api.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** Every table of the page: its scrolling box's widths and where its row actions sit. */
async function tableBoxes() {
  return page.locator('[data-widget="table"]').evaluateAll((tables) =>
    tables.map((table) => {
      const box = table.querySelector<HTMLElement>('[role="region"]');
      const right = box?.getBoundingClientRect().right ?? 0;
      const actions = [...table.querySelectorAll('tbody td:has(button[data-action])')].map((cell) => cell.getBoundingClientRect());
      return {
        id: table.getAttribute('data-table'),
        scrollWidth: box?.scrollWidth ?? 0,
        clientWidth: box?.clientWidth ?? 0,
        actionsInView: actions.every((cell) => cell.right <= right + 1 && cell.left >= 0),
        actionCells: actions.length,
      };
    }),
  );
}

/** Headers whose text is cut: the header cell or a visible element in it overflows (screen-reader-only text is 1 px wide). */
function clippedHeaders(tableId: string) {
  return page
    .locator(`[data-table="${tableId}"] thead th`)
    .evaluateAll((headers) =>
      headers
        .filter((header) =>
          [header, ...header.querySelectorAll('*')].some(
            (element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1,
          ),
        )
        .map((header) => header.textContent),
    );
}

/**
 * Key cells (identifiers, amounts: the definition's `"priority": "key"`) whose text is cut: the
 * cell's content is wider than the cell. Rows are grids over the header's columns, so a body
 * cell's index is its header's.
 */
function clippedKeyCells(tableId: string) {
  return page.locator(`[data-table="${tableId}"] table`).evaluate((table) => {
    const headers = [...table.querySelectorAll('thead th')];
    const keys = headers.flatMap((header, index) => (header.getAttribute('data-priority') === 'key' ? [index] : []));
    return [...table.querySelectorAll('tbody tr[data-row-id]')].flatMap((row) =>
      keys.flatMap((index) => {
        const cell = row.children[index] as HTMLElement | undefined;
        return cell && cell.scrollWidth > cell.clientWidth ? [`${headers[index]!.textContent}: ${cell.textContent}`] : [];
      }),
    );
  });
}

async function waitForRows(tableId: string) {
  await page.locator(`[data-table="${tableId}"] tbody tr[data-row-id]`).first().waitFor();
}

async function asAdminOnC1001() {
  await signIn(page, 'admin');
  await chooseCustomer(page, 'C-1001');
}

/** The list screens a demo user lands on, with the table each shows: one sign-in per user, its screens in turn. */
const LANDED: Array<{ user: 'admin' | 'payer' | 'corporate'; screens: Array<{ path: string; tables: string[] }> }> = [
  {
    user: 'payer',
    screens: [
      { path: '/invoice-list/Billed', tables: ['invoices'] },
      { path: '/invoice-list/Past%20Due', tables: ['invoices'] },
      { path: '/payment/due', tables: ['payable-invoices'] },
      { path: '/invoice/T-1001-0007', tables: ['documents'] },
    ],
  },
  {
    user: 'admin',
    screens: [
      { path: '/payment-methods', tables: ['bank-accounts'] },
      { path: '/manage-users', tables: ['users'] },
      { path: '/manage-groups', tables: ['user-groups'] },
    ],
  },
  {
    user: 'corporate',
    screens: [
      { path: '/account/program-overview', tables: ['program-customers'] },
      { path: '/account/program-overview-invoice-list/Billed', tables: ['program-invoices'] },
    ],
  },
];

async function signInAs(user: 'admin' | 'payer' | 'corporate' | 'dealer') {
  if (user === 'admin') await asAdminOnC1001();
  else {
    await signIn(page, user);
    await page.waitForURL(/\/(account|merchant)\//);
  }
}

async function visit(path: string, tables: string[]) {
  await page.goto(`${baseUrl()}${path}`);
  for (const table of tables) await waitForRows(table);
}

async function open(user: 'admin' | 'payer' | 'corporate', path: string, tables: string[]) {
  await signInAs(user);
  await visit(path, tables);
}

describe('wide tables fit the page (issue 13, item 4)', () => {
  it.each(LANDED)("$user's lists do not scroll sideways at 1366 px with the default columns", async ({ user, screens }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(user);
    for (const { path, tables } of screens) {
      await visit(path, tables);
      const boxes = await tableBoxes();
      expect(
        boxes.map((box) => box.id),
        path,
      ).toEqual(expect.arrayContaining(tables));
      for (const box of boxes) {
        expect(box.scrollWidth, `${path} ${box.id}: ${box.scrollWidth} > ${box.clientWidth}`).toBeLessThanOrEqual(box.clientWidth);
        expect(box.actionsInView, `${path} ${box.id}: row actions off-screen`).toBe(true);
        // Issue 26: every key value whole (the routing number of the payment methods too).
        expect(await clippedKeyCells(box.id!), `${path} ${box.id}: key values cut`).toEqual([]);
      }
      expect(await seriousAccessibilityViolations(page), path).toEqual([]);
    }
  });

  it("keeps the payment methods' actions in view at 1024 px, and their headers unclipped", async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await open('admin', '/payment-methods', ['bank-accounts']);
    const [box] = await tableBoxes();
    expect(box!.actionCells).toBeGreaterThan(0);
    expect(box!.actionsInView).toBe(true);
    // Headers wrap instead of clipping ("Online payment", not "Online pa…").
    const clipped = await clippedHeaders('bank-accounts');
    expect(clipped).toEqual([]);
  });

  it('never clips a key value: a long e-mail is shown whole, the optional columns make way, the actions stay whole', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await asAdminOnC1001();
    // First by username (the list's order), not activated (so "Resend invitation" shows too).
    const username = `aa.fit${Date.now().toString(36)}`;
    const email = `${username}.accounts-payable@a-rather-long-subsidiary-name.demo.example`;
    const groups = await pageGet<{ data: Array<{ id: string }> }>(page, '/user-groups');
    const invited = await pageWrite(page, 'POST', '/users', {
      username,
      first_name: 'Maximiliana',
      last_name: 'Featherstonehaugh',
      email_address: email,
      role: 'View Only',
      access_level: 'viewing',
      user_group_id: groups.data[0]!.id,
    });
    expect(invited.status).toBe(201);
    await page.goto(`${baseUrl()}/manage-users`);
    await waitForRows('users');
    const [box] = await tableBoxes();
    expect(box!.actionsInView).toBe(true);
    const emailCell = page.locator('[data-table="users"] tbody td').filter({ hasText: email });
    const cell = await emailCell.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth);
    expect(await clippedKeyCells('users')).toEqual([]);
    expect(await clippedHeaders('users')).toEqual([]);
  });

  it('lets the user hide and show columns, and remembers the choice', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await open('payer', '/invoice-list/Billed', ['invoices']);
    const headers = () =>
      page
        .locator('[data-table="invoices"] thead th')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim()));
    expect(await headers()).toContain('PO number');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'PO number' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(headers).not.toContain('PO number');
    await page.reload();
    await waitForRows('invoices');
    expect(await headers()).not.toContain('PO number');
    // Headers of the invoice list are not clipped at 1366 px either.
    const clipped = await clippedHeaders('invoices');
    expect(clipped).toEqual([]);
  });
});

/**
 * Every list screen at 1024 px in Bulgarian, the longest of the portal's languages (issue 26):
 * the side menu folds away, no key value is cut and the page does not scroll sideways. One
 * sign-in per user, its lists visited in turn (browser time is scarce).
 */
const LISTS: Array<{ user: 'admin' | 'payer' | 'corporate' | 'dealer'; screens: Array<{ path: string; tables: string[] }> }> = [
  {
    user: 'payer',
    screens: [
      { path: '/invoice-list/Billed', tables: ['invoices'] },
      { path: '/invoice-list/Past%20Due', tables: ['invoices'] },
      { path: '/payment/due', tables: ['payable-invoices'] },
    ],
  },
  {
    user: 'payer',
    screens: [
      { path: '/invoice/T-1001-0007', tables: ['documents'] },
      { path: '/dispute-center', tables: ['disputes'] },
      { path: '/active-loyalty-program', tables: ['milestones'] },
    ],
  },
  {
    user: 'payer',
    screens: [
      { path: '/unbilled-invoices', tables: ['unbilled-invoices'] },
      { path: '/account/currencies', tables: ['user-currencies'] },
      { path: '/application-centre', tables: ['credit-applications'] },
    ],
  },
  {
    user: 'admin',
    screens: [
      { path: '/payment-methods', tables: ['bank-accounts'] },
      { path: '/manage-users', tables: ['users'] },
      { path: '/manage-groups', tables: ['user-groups'] },
      { path: '/account/cards', tables: ['cards-active'] },
      { path: '/rejection-center', tables: ['rejections-active'] },
      { path: '/account/sub-accounts', tables: ['sub-accounts'] },
    ],
  },
  {
    user: 'corporate',
    screens: [
      { path: '/account/program-overview', tables: ['program-customers'] },
      { path: '/account/program-overview-invoice-list/Billed', tables: ['program-invoices'] },
    ],
  },
  {
    user: 'dealer',
    screens: [
      { path: '/merchant/home', tables: ['merchant-figures', 'merchant-open-disputes', 'merchant-recent-invoices'] },
      { path: '/merchant/roll-up', tables: ['merchant-roll-up'] },
      { path: '/dispute-center', tables: ['disputes'] },
      { path: '/rejection-center', tables: ['rejections-active'] },
      { path: '/manage-users', tables: ['users'] },
    ],
  },
];

/** The header's selects (customer, location, currency) whose chosen value is cut (issue 26: the Bulgarian location select). */
function clippedHeaderSelects() {
  return page
    .locator('header input')
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[])
        .filter((input) => input.offsetParent !== null && input.scrollWidth > input.clientWidth + 1)
        .map((input) => input.value),
    );
}

describe('every list at 1024 px in Bulgarian (issue 26: identifiers and amounts are never clipped)', () => {
  it.each(LISTS)("$user's lists from $screens.0.path", async ({ user, screens }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInAs(user);
    // Signed in (the helper reads the English form), then every page in Bulgarian.
    await page.evaluate(() => localStorage.setItem('portal.locale', 'bg'));
    for (const { path, tables } of screens) {
      await visit(path, tables);
      // The side menu is folded behind its button at this width: the lists get the page.
      expect(await page.locator('nav[data-menu]').evaluate((nav) => nav.getBoundingClientRect().right), path).toBeLessThanOrEqual(0);
      for (const table of tables) expect(await clippedKeyCells(table), `${path} ${table}`).toEqual([]);
      expect(await clippedHeaderSelects(), `${path}: header selects cut`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
  });
});
