import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** From the sign-in page to the local identity provider's page, as ssouser would go. */
async function toProvider(username: string) {
  await page.goto(`${baseUrl()}/login`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.waitForURL('**/login/sso');
  // The URL changes at once; the sign-in form (with its own Username field) stays until the SSO
  // screen has loaded, so wait for the SSO screen before typing.
  await page.getByRole('heading', { level: 1, name: 'Single sign-on' }).waitFor();
  const field = page.getByRole('textbox', { name: 'Username', exact: true });
  await field.fill(username);
  await expect.poll(() => field.inputValue()).toBe(username);
  await Promise.all([page.waitForURL('**/idp/interaction/**'), page.getByRole('button', { name: 'Continue to sign-in' }).click()]);
  await page.getByRole('heading', { level: 1, name: 'Demo identity provider' }).waitFor();
}

describe('single sign-on through the local OpenID Connect provider (issue 17)', () => {
  it('ssouser signs in at the provider and lands on the overview with a normal session', async () => {
    await toProvider('ssouser');
    // The provider got the name as a hint and asks only for the password.
    expect(await page.getByRole('textbox', { name: 'Username', exact: true }).inputValue()).toBe('ssouser');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Password').fill('Portal#2026');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/account/overview');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Northwind Logistics');
    // A reload keeps the session: it is the portal's own cookie, not the provider's.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Northwind Logistics');
  });

  it('a wrong password keeps the user at the provider, told so', async () => {
    await toProvider('ssouser');
    await page.getByLabel('Password').fill('Not-the-password1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('could not sign you in');
    expect(new URL(page.url()).pathname).toMatch(/^\/idp\/interaction\//);
  });

  it('the sign-in page tells why single sign-on came back refused: a lock, or anything else', async () => {
    await page.goto(`${baseUrl()}/login?sso_error=errors.auth.locked.byAdmin`);
    await expect.poll(() => page.locator('main').textContent()).toContain('your portal account is locked');
    expect(await page.locator('main').textContent()).not.toContain('did not complete');
    await page.goto(`${baseUrl()}/login?sso_error=errors.auth.credentialsInvalid`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Single sign-on did not complete');
    expect(await page.locator('main').textContent()).not.toContain('locked');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
