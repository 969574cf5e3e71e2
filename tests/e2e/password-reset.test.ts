import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, usePagePerTest } from './support/browser.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

const NEW_PASSWORD = 'Fresh#Start2027';

/** The token of the newest reset email in the server's outbox (quoted-printable undone). */
function newestResetToken(): string {
  const outbox = inject('outboxDir');
  const newest = readdirSync(outbox)
    .map((name) => join(outbox, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  const text = readFileSync(newest!, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No reset link in ${newest}`);
  return token;
}

async function requestReset(username: string): Promise<string> {
  const before = readdirSync(inject('outboxDir')).length;
  await page.goto(`${baseUrl()}/forgot-password`);
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect.poll(() => readdirSync(inject('outboxDir')).length).toBe(before + 1);
  return newestResetToken();
}

async function resetTo(token: string, password: string) {
  await page.goto(`${baseUrl()}/reset-password?token=${token}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL('**/login**');
}

describe('after a password reset (issue 13, item 6)', () => {
  it('shows a clean sign-in form with a success notice, and the new password signs in', async () => {
    // `resetter`: a user of the browser tests' own (support/global-setup.ts).
    await resetTo(await requestReset('resetter'), NEW_PASSWORD);
    const username = page.getByRole('textbox', { name: 'Username', exact: true });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await username.waitFor();
    await page.locator('[data-screen="login"]').waitFor();
    // A clean form: nothing typed, no error shown, the new password not carried over.
    expect(await page.getByText('Username is required').count()).toBe(0);
    expect(await page.locator('[data-screen="login"] [aria-invalid="true"]').count()).toBe(0);
    expect(await username.inputValue()).toBe('');
    expect(await password.inputValue()).toBe('');
    // The success notice on the page itself, announced politely.
    const notice = page.locator('[data-screen="login"] [role="status"]').filter({ hasText: 'Your password has been changed' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await username.fill('resetter');
    await password.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/account/overview');
  });
});
