import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, seriousAccessibilityViolations } from './browser.ts';

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
