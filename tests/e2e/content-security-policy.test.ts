import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, usePagePerTest } from './support/browser.ts';

/** Issue 12 defect 9: the portal works under style-src without 'unsafe-inline' (nonce'd style elements). */
let page: Page;
usePagePerTest((created) => { page = created; });

/** Records every CSP violation the page reports, from its first script on. */
async function recordViolations(): Promise<void> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => { violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`); });
  });
}

const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('Content-Security-Policy in the browser', () => {
  it('signs in and shows the overview without a single violation; Mantine\'s style elements carry the nonce and apply', async () => {
    await recordViolations();
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Northwind Logistics');
    const styles = await page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>('style')]
      .map((style) => ({ nonce: style.nonce !== '', rules: style.sheet?.cssRules.length ?? 0 })));
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every((style) => style.nonce)).toBe(true);
    expect(styles.some((style) => style.rules > 0)).toBe(true);
    const header = await page.evaluate(async () => (await fetch('/login', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'));
    expect(header).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(header).not.toContain('unsafe-inline');
    expect(await violations()).toEqual([]);
  });
});
