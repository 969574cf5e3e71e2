import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, usePagePerTest } from './support/browser.ts';

/** Issue 12 defect 9: the portal works under style-src without 'unsafe-inline' (nonce'd style elements). */
let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** Records every CSP violation the page reports, from its first script on. */
async function recordViolations(): Promise<void> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}

const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('Content-Security-Policy in the browser', () => {
  it("signs in and shows the overview without a single violation; Mantine's style elements carry the nonce and apply", async () => {
    await recordViolations();
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Northwind Logistics');
    const styles = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style')].map((style) => ({
        nonce: style.nonce !== '',
        rules: style.sheet?.cssRules.length ?? 0,
      })),
    );
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every((style) => style.nonce)).toBe(true);
    expect(styles.some((style) => style.rules > 0)).toBe(true);
    const header = await page.evaluate(async () =>
      (await fetch('/login', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'),
    );
    expect(header).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(header).not.toContain('unsafe-inline');
    expect(await violations()).toEqual([]);
  });

  it("draws the loyalty spending chart (@mantine/charts, recharts' SVG and its style properties) without a violation", async () => {
    await recordViolations();
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    await page.goto(`${baseUrl()}/active-loyalty-program`);
    const chart = page.locator('[data-widget-id="spending-history"]');
    await chart.locator('svg [data-point]').first().waitFor({ state: 'attached', timeout: 15_000 });
    // The columns are drawn: a paid month's rectangle has a height on the page.
    const drawn = await chart
      .locator('svg [data-point] path')
      .evaluateAll((paths) => paths.filter((path) => path.getBoundingClientRect().height > 0).length);
    expect(drawn).toBeGreaterThan(0);
    // The chart's own style element, if any, carries the nonce like Mantine's.
    expect(await page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>('style')].every((style) => style.nonce !== ''))).toBe(
      true,
    );
    expect(await violations()).toEqual([]);
  });
});
