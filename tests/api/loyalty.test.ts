import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
let fuel: number;
let growth: number;
beforeAll(async () => {
  api = await startTestApi();
  const programs = await api.db.selectFrom('loyalty_programs').select(['program_id', 'program_template']).execute();
  fuel = programs.find((row) => row.program_template === 'Fuel Rewards 2026')!.program_id;
  growth = programs.find((row) => row.program_template === 'Growth Bonus 2026')!.program_id;
});
afterAll(async () => {
  await api?.close();
});

interface Document<A> {
  data: Array<{ type: string; id: string; attributes: A }>;
  meta: Record<string, unknown>;
}
type Enrollment = Record<string, unknown> & { loyalty_program_id: number; enrollment_status: number };
type Milestone = { program_id: number; incentive_tier: number; target_minor: number; reward_minor: number; currency: string };

async function signedIn(username: string, customer?: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function enrollments(client: ApiClient, query: string) {
  const response = await client.get(`/customer-loyalty-program-enrollments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Document<Enrollment>).data.map((row) => row.attributes);
}

async function tiers(client: ApiClient, programId: number) {
  const response = await client.get(`/customer-loyalty-milestones?filter[program_id]=${programId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Document<Milestone>).data.map((row) => row.attributes);
}

describe('GET /customer-loyalty-program-enrollments', () => {
  it('returns the active enrollment (status 3) with its program and the figures of its paid invoices', async () => {
    const client = await signedIn('payer', 'C-1001');
    const rows = await enrollments(client, '?filter[buid_customer]=C-1001&filter[enrollment_status]=3');
    expect(rows).toHaveLength(1);
    // The paid USD invoices of C-1001 received since enrollment (2026-01-07), straight from the table.
    const paid = await api.db
      .selectFrom('invoices')
      .select(['received_date', 'amount_minor'])
      .where('buid_customer', '=', 'C-1001')
      .where('currency', '=', 'USD')
      .where('status', '=', 'Paid')
      .where('received_date', '>=', '2026-01-07')
      .where('received_date', '<=', '2026-11-23')
      .execute();
    const spend = paid.reduce((sum, row) => sum + row.amount_minor, 0);
    expect(paid.length).toBeGreaterThan(2);
    const earned = Math.floor((spend * 150) / 10_000);
    expect(rows[0]).toMatchObject({
      buid_customer: 'C-1001',
      enrollment_status: 3,
      loyalty_program_id: fuel,
      goal_type_id: 2,
      enrollment_date: '2026-01-07',
      total_spend_minor: spend,
      previous_year_spend_minor: 0,
      yoy_growth: null,
      earned_reward_minor: earned,
      // Tier 1 ($10,000) reached, tier 2 ($25,000) next: earned plus tier 1's reward.
      current_tier: 1,
      next_tier: 2,
      next_target_minor: 2_500_000,
      remaining_to_next_minor: 2_500_000 - spend,
      next_tier_percent: Math.floor((spend * 100) / 2_500_000),
      current_reward_minor: earned + 15_000,
      program_template: 'Fuel Rewards 2026',
      incentive_reward_minor: 250_000,
      sales_target_minor: 5_000_000,
      growth_rate: 5.5,
      growth_tier: 2,
      rewards_tier: 3,
      enrollment_manager: 'Dana Whitfield',
      currency: 'USD',
      reward_rate_bp: 150,
      reward_rate_percent: 1.5,
      period_start: '2025-12-01',
      period_end: '2026-11-30',
      can_edit: false,
      milestones: [
        { incentive_tier: 1, target_minor: 1_000_000, reward_minor: 15_000 },
        { incentive_tier: 2, target_minor: 2_500_000, reward_minor: 40_000 },
        { incentive_tier: 3, target_minor: 3_500_000, reward_minor: 80_000 },
        { incentive_tier: 4, target_minor: 5_000_000, reward_minor: 150_000 },
      ],
    });
    expect(spend).toBeGreaterThanOrEqual(1_000_000);
    expect(spend).toBeLessThan(2_500_000);
    expect(rows[0]!.estimated_reward_minor as number).toBeGreaterThanOrEqual(rows[0]!.current_reward_minor as number);
    // Twelve months of the program year; each month the sum of that month's paid invoices.
    const history = rows[0]!.spending_history as Array<{ month: string; amount_minor: number }>;
    expect(history.map((month) => month.month)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
    ]);
    for (const month of history) {
      expect(month.amount_minor, month.month).toBe(
        paid.filter((row) => row.received_date.startsWith(month.month)).reduce((sum, row) => sum + row.amount_minor, 0),
      );
    }
  });

  it('filters by status and customer; the session customer is the default', async () => {
    const admin = await signedIn('admin', 'C-1001');
    expect((await enrollments(admin, '')).map((row) => row.loyalty_program_id)).toEqual([fuel]);
    expect(await enrollments(admin, '?filter[enrollment_status]=1')).toEqual([]);
    const pending = await enrollments(admin, '?filter[buid_customer]=C-1002&filter[enrollment_status]=1');
    expect(pending.map((row) => [row.loyalty_program_id, row.program_template, row.currency, row.yoy_growth])).toEqual([
      [growth, 'Growth Bonus 2026', 'CAD', null],
    ]);
    expect(await enrollments(admin, '?filter[buid_customer]=C-1002&filter[enrollment_status]=3')).toEqual([]);
  });

  it('pages', async () => {
    const response = await (await signedIn('admin', 'C-1001')).get('/customer-loyalty-program-enrollments?page[size]=1');
    expect((response.json() as Document<Enrollment>).meta.page).toEqual({ number: 1, size: 1, total: 1, pages: 1 });
  });

  it('lets a viewer read', async () => {
    expect(await enrollments(await signedIn('viewer', 'C-1001'), '?filter[enrollment_status]=3')).toHaveLength(1);
  });

  it('refuses another customer (404), unknown filters and bad values (400)', async () => {
    const payer = await signedIn('payer', 'C-1001');
    const other = await payer.get('/customer-loyalty-program-enrollments?filter[buid_customer]=C-1002');
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe(ErrorCode.notFound);
    for (const query of ['?filter[program_id]=1', '?filter[enrollment_status]=active', '?filter[sort]=total_spend_minor|desc']) {
      const response = await payer.get(`/customer-loyalty-program-enrollments${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
    }
  });

  it.each(['cardviewer', 'safety'])('bars %s (403)', async (username) => {
    const response = await (await signedIn(username, 'C-1001')).get('/customer-loyalty-program-enrollments?filter[enrollment_status]=3');
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(ErrorCode.forbidden);
  });

  it("is refused where the tenant's loyalty flag is off (fleet)", async () => {
    const fleet = await signedIn('fleetadmin', 'F-3001', 'fleet.localhost');
    expect((await fleet.get('/customer-loyalty-program-enrollments')).statusCode).toBe(403);
    expect((await fleet.get(`/customer-loyalty-milestones?filter[program_id]=${fuel}`)).statusCode).toBe(403);
  });
});

describe('GET /customer-loyalty-milestones', () => {
  it('sorts ascending by incentive_tier for goal type 2', async () => {
    const rows = await tiers(await signedIn('payer', 'C-1001'), fuel);
    expect(rows.map((row) => row.incentive_tier)).toEqual([1, 2, 3, 4]);
    expect(rows[0]).toEqual({
      program_id: fuel,
      goal_type_id: 2,
      incentive_tier: 1,
      target_minor: 1_000_000,
      reward_minor: 15_000,
      currency: 'USD',
    });
  });

  it('sorts descending for any other goal type', async () => {
    const rows = await tiers(await signedIn('admin', 'C-1002'), growth);
    expect(rows.map((row) => [row.incentive_tier, row.target_minor, row.reward_minor])).toEqual([
      [3, 30_000_000, 150_000],
      [2, 15_000_000, 40_000],
      [1, 5_000_000, 10_000],
    ]);
  });

  it('lets a viewer read, only programs their customers are enrolled in', async () => {
    const viewer = await signedIn('viewer', 'C-1001');
    expect((await tiers(viewer, fuel)).length).toBe(4);
    const other = await viewer.get(`/customer-loyalty-milestones?filter[program_id]=${growth}`);
    expect(other.statusCode).toBe(404);
    expect((await viewer.get('/customer-loyalty-milestones?filter[program_id]=999999')).statusCode).toBe(404);
  });

  it('keeps the spec order: filter[sort] and unknown filters are refused; program_id is required', async () => {
    const client = await signedIn('payer', 'C-1001');
    for (const query of [
      `?filter[program_id]=${fuel}&filter[sort]=incentive_tier|desc`,
      `?filter[program_id]=${fuel}&filter[goal_type_id]=1`,
      '?filter[program_id]=abc',
    ]) {
      const response = await client.get(`/customer-loyalty-milestones${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
    }
    const missing = await client.get('/customer-loyalty-milestones');
    expect(missing.statusCode).toBe(400);
    expect(errorCode(missing)).toBe(ErrorCode.fieldRequired);
  });

  it.each(['cardviewer', 'safety'])('bars %s (403)', async (username) => {
    const response = await (await signedIn(username, 'C-1001')).get(`/customer-loyalty-milestones?filter[program_id]=${fuel}`);
    expect(response.statusCode).toBe(403);
  });
});
