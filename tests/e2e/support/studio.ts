import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, newContext, seriousAccessibilityViolations, signIn } from './browser.ts';

/** The demo operators' password (README, "Demo operators"). */
export const STUDIO_PASSWORD = 'Studio#2026';

export async function axeClean(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** Signs in to the operator studio as `username` and waits for the tenant list. */
export async function studioSignIn(page: Page, username: string): Promise<void> {
  await page.goto(`${baseUrl()}/studio`);
  await page.getByRole('textbox', { name: 'Operator name' }).fill(username);
  await page.getByLabel(/^Password/).fill(STUDIO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('[data-table="studio-tenants"] [data-row-id="fleet"]').waitFor();
}

/** Opens the fleet tenant from the tenant list, on `tab` when given. */
export async function openFleet(page: Page, tab?: string): Promise<void> {
  await page.getByRole('link', { name: 'fleet', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /Fleet/ }).waitFor();
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
}

/**
 * Picks a user in the studio's "Portal user" picker as an operator among many would: types the
 * start of the option's label into the searchable picker (the role is in every label, so "payer"
 * alone matches every payer), then takes the first match by keyboard, until the picker shows its
 * whole label (a click on the option could land while the dropdown was still settling, and a
 * keypress while the previous choice was being cleared).
 */
export async function pickUser(page: Page, username: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Portal user' });
  await expect
    .poll(async () => {
      await picker.fill(`${username} (`);
      await picker.press('ArrowDown');
      await picker.press('Enter');
      return picker.inputValue();
    })
    // The whole label, closing parenthesis included: the typed start alone is not a choice.
    .toMatch(new RegExp(`^${username} \\(.+\\)$`));
}

/** The fleet tenant's host (Chromium resolves *.localhost to the loopback address). */
export const FLEET_HOST = 'fleet.localhost';

/**
 * A fleet portal user signed in, in a browser context of its own, with the portal's language set
 * to `language` and the fleet's invoice list (Billed) open: the page the studio tests read a
 * screen change on. The caller closes the context.
 */
export async function fleetInvoiceList(
  browser: Browser,
  username: string,
  language: string,
): Promise<{ context: BrowserContext; portal: Page }> {
  const context = await newContext(browser);
  const portal = await context.newPage();
  await signIn(portal, username, FLEET_HOST);
  await portal.waitForURL('**/fleet/account/overview');
  await portal.evaluate((locale) => localStorage.setItem('portal.locale', locale), language);
  await portal.goto(`${baseUrl(FLEET_HOST)}/fleet/invoice-list/Billed`);
  return { context, portal };
}
