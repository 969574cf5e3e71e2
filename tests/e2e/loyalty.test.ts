import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, seriousAccessibilityViolations, signIn, usePagePerTest } from './support/browser.ts';
import { pageGet } from './support/page-api.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

interface Enrollment {
  loyalty_program_id: number;
  program_template: string;
  enrollment_manager: string;
  currency: string;
  total_spend_minor: number;
  previous_year_spend_minor: number;
  current_reward_minor: number;
  earned_reward_minor: number;
  estimated_reward_minor: number;
  next_tier: number | null;
  next_target_minor: number | null;
  remaining_to_next_minor: number;
  next_tier_percent: number;
  spending_history: Array<{ month: string; amount_minor: number }>;
  can_edit: boolean;
}
interface Milestone {
  incentive_tier: number;
  target_minor: number;
  reward_minor: number;
  currency: string;
}

/** A screen's chunk, its widgets' chunks and its data may take a few seconds on the shared CI cores. */
const LOADING = { timeout: 15_000 };

const apiGet = <T>(path: string) => pageGet<T>(page, path);

const enrollment = async () =>
  (
    await apiGet<{ data: Array<{ attributes: Enrollment }> }>(
      '/customer-loyalty-program-enrollments?filter[buid_customer]=C-1001&filter[enrollment_status]=3',
    )
  ).data[0]!.attributes;
const milestones = async (program: number) =>
  (await apiGet<{ data: Array<{ attributes: Milestone }> }>(`/customer-loyalty-milestones?filter[program_id]=${program}`)).data.map(
    (row) => row.attributes,
  );

/** Minor units as the portal shows them, formatted by the page's own Intl. */
async function money(minor: number, currency: string): Promise<string> {
  return page.evaluate(
    ({ value, code }) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        value / 100,
      ),
    { value: minor, code: currency },
  );
}

const tileValue = (widget: string, field: string) =>
  page.locator(`[data-widget-id="${widget}"] [data-stat="${field}"] [data-stat-value]`).textContent();

async function openLoyalty(username: string): Promise<void> {
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(`${baseUrl()}/active-loyalty-program`);
  await expect.poll(() => page.locator('[data-field="program_template"]').textContent(), LOADING).toBe('Fuel Rewards 2026');
}

describe('the loyalty program (as payer)', () => {
  it("shows the API's figures, the progress to the next tier, the milestones and the spending chart", async () => {
    await openLoyalty('payer');
    const api = await enrollment();
    expect(await page.locator('[data-field="enrollment_manager"]').textContent()).toBe(api.enrollment_manager);
    for (const [widget, field] of [
      ['rewards', 'current_reward_minor'],
      ['rewards', 'earned_reward_minor'],
      ['rewards', 'estimated_reward_minor'],
      ['next-tier', 'next_target_minor'],
      ['next-tier', 'remaining_to_next_minor'],
      ['spending', 'total_spend_minor'],
      ['spending', 'previous_year_spend_minor'],
    ] as const) {
      await expect
        .poll(() => tileValue(widget, field), { ...LOADING, message: field })
        .toBe(await money(api[field] as number, api.currency));
    }
    expect(await tileValue('next-tier', 'next_tier')).toBe(String(api.next_tier));
    expect(await page.locator('[data-widget-id="next-tier-progress"]').getAttribute('data-percent')).toBe(String(api.next_tier_percent));

    // The chart renders one column per month of the API's history, each figure in its table, each paid month drawn.
    const chart = page.locator('[data-widget-id="spending-history"]');
    await expect.poll(() => chart.getAttribute('data-points'), LOADING).toBe(String(api.spending_history.length));
    const figures = await chart.locator('table [data-value]').allTextContents();
    expect(figures).toEqual(await Promise.all(api.spending_history.map((month) => money(month.amount_minor, api.currency))));
    for (const month of api.spending_history) {
      const height = Number(await chart.locator(`[data-point="${month.month}"] [data-column-height]`).getAttribute('data-column-height'));
      if (month.amount_minor > 0) expect(height, month.month).toBeGreaterThan(0);
      else expect(height, month.month).toBe(0);
    }
    expect(api.spending_history.some((month) => month.amount_minor > 0)).toBe(true);
    const box = await chart.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(150);

    // Milestones in the API's order (goal type 2: ascending), amounts as money.
    const tiers = await milestones(api.loyalty_program_id);
    const table = page.getByRole('table', { name: 'Milestones: tier, target and reward' });
    await expect.poll(() => table.locator('tbody tr').count(), LOADING).toBe(tiers.length);
    const firstRow = await table.locator('tbody tr').first().locator('td').allTextContents();
    expect(firstRow.map((text) => text.trim())).toEqual([
      String(tiers[0]!.incentive_tier),
      await money(tiers[0]!.target_minor, 'USD'),
      await money(tiers[0]!.reward_minor, 'USD'),
    ]);

    // Only the enrollment manager edits.
    expect(await page.getByRole('heading', { name: 'Edit targets and tiers' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("shows the progress to the next tier in the overview's banner", async () => {
    await signIn(page, 'payer');
    await page.waitForURL('**/account/overview');
    const progress = page.locator('[data-widget-id="loyalty-next-tier"]');
    await expect.poll(() => progress.getAttribute('data-percent'), LOADING).not.toBeNull();
    const api = await enrollment();
    expect(await progress.getAttribute('data-percent')).toBe(String(api.next_tier_percent));
    expect(await progress.textContent()).toBe(`${api.next_tier_percent}% of the way to tier ${api.next_tier}`);
    expect(await tileValue('loyalty', 'remaining_to_next_minor')).toBe(await money(api.remaining_to_next_minor, api.currency));
  });
});

describe('a customer without an active enrollment (admin on C-1002, pending)', () => {
  it('says there is no active program, with no figures and no editor', async () => {
    await signIn(page, 'admin');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${baseUrl()}/account/customers`);
    await page.locator('[data-customer="C-1002"] button').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/account/customers'));
    await page.goto(`${baseUrl()}/active-loyalty-program`);
    await expect
      .poll(() => page.locator('[data-widget-id="program"][data-empty="true"]').textContent(), LOADING)
      .toBe('There is no active loyalty program for this account.');
    expect(await page.locator('[data-widget-id="rewards"]').count()).toBe(0);
    expect(await page.locator('[data-widget-id="spending-history"]').count()).toBe(0);
  });
});

describe('the enrollment manager', () => {
  it('is told each spec §5 rule broken, and saves targets and tiers that keep them', async () => {
    await openLoyalty('enrollment');
    const editor = page.locator('[data-widget-id="editor"]');
    await expect.poll(() => page.getByRole('heading', { name: 'Edit targets and tiers' }).count(), LOADING).toBe(1);
    const milestone = (number: number) => page.getByRole('group', { name: `Milestone ${number}` });
    const save = page.getByRole('button', { name: 'Save targets and tiers' });

    await page.getByRole('textbox', { name: 'Incentive reward' }).fill('0');
    await milestone(2).getByRole('textbox', { name: 'Target' }).fill('5000');
    await milestone(3).getByRole('spinbutton', { name: 'Tier' }).fill('2');
    await milestone(4).getByRole('spinbutton', { name: 'Tier' }).fill('11');
    await milestone(4).getByRole('textbox', { name: 'Reward' }).fill('-1');
    await milestone(1).getByRole('textbox', { name: 'Reward' }).fill('');
    await save.click();
    for (const message of [
      'Incentive reward must be greater than 0',
      'Target must be higher than the previous one',
      'Tier must be higher than the previous one',
      'Tier cannot exceed 10',
      'Reward cannot be negative',
      'Reward is required',
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).count(), { ...LOADING, message }).toBeGreaterThan(0);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const program = (await enrollment()).loyalty_program_id;
    const before = await milestones(program);

    // Nothing was sent: the API still has the seeded values.
    expect(before.map((row) => row.target_minor)).toEqual([1_000_000, 2_500_000, 3_500_000, 5_000_000]);

    await page.getByRole('textbox', { name: 'Incentive reward' }).fill('3000');
    await milestone(1).getByRole('textbox', { name: 'Reward' }).fill('175.50');
    await milestone(2).getByRole('textbox', { name: 'Target' }).fill('20000');
    await milestone(3).getByRole('spinbutton', { name: 'Tier' }).fill('3');
    await milestone(4).getByRole('spinbutton', { name: 'Tier' }).fill('4');
    await milestone(4).getByRole('textbox', { name: 'Reward' }).fill('1500');
    await save.click();
    await expect
      .poll(async () => (await milestones(program)).map((row) => [row.incentive_tier, row.target_minor, row.reward_minor]), LOADING)
      .toEqual([
        [1, 1_000_000, 17_550],
        [2, 2_000_000, 40_000],
        [3, 3_500_000, 80_000],
        [4, 5_000_000, 150_000],
      ]);
    expect((await enrollment()).next_target_minor).toBe(2_000_000);
    await expect.poll(() => tileValue('next-tier', 'next_target_minor'), LOADING).toBe('$20,000.00');
    expect(await editor.getByText('Incentive reward must be greater than 0').count()).toBe(0);
  });
});
