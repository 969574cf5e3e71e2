import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';
import { settlePayment } from '../../server/payments/settlement.ts';
import { pay, payableInvoices, type PaymentDocument } from '../support/payments.ts';

let api: TestApi;
let fuel: number;
beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: 20 });
  fuel = (
    await api.db
      .selectFrom('loyalty_programs')
      .select('program_id')
      .where('program_template', '=', 'Fuel Rewards 2026')
      .executeTakeFirstOrThrow()
  ).program_id;
});
afterAll(async () => {
  await api?.close();
});

type Enrollment = Record<string, unknown> & {
  total_spend_minor: number;
  earned_reward_minor: number;
  current_reward_minor: number;
  reward_rate_bp: number;
  spending_history: Array<{ month: string; amount_minor: number }>;
  can_edit: boolean;
  milestones: Array<{ incentive_tier: number; target_minor: number; reward_minor: number }>;
};

async function signedIn(username: string): Promise<ApiClient> {
  const client = api.client();
  await client.loginWithCustomer(username, 'C-1001');
  return client;
}

async function enrollment(username = 'payer'): Promise<Enrollment> {
  const response = await (await signedIn(username)).get('/customer-loyalty-program-enrollments?filter[enrollment_status]=3');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Array<{ attributes: Enrollment }> }).data[0]!.attributes;
}

/** Everything an edit may write: a refused edit must leave it unchanged. */
async function loyaltyFingerprint(): Promise<string> {
  const { rows } = await sql<{ digest: string }>`select
    (select md5(string_agg(m::text, '|' order by m.id)) from loyalty_milestones m) ||
    (select md5(string_agg(p::text, '|' order by p.program_id)) from loyalty_programs p) ||
    coalesce((select md5(string_agg(a::text, '|' order by a.id)) from audit_log a where a.action = 'loyalty.targets'), '') as digest`.execute(
    api.db,
  );
  return rows[0]!.digest;
}

describe('rewards follow paid invoices', () => {
  it("moves spend by the invoice and the earned reward by the program's rate when a payment settles", async () => {
    const payer = await signedIn('payer');
    const before = await enrollment();
    const [invoice] = await payableInvoices(api.db, 'C-1001');
    const row = await api.db
      .selectFrom('invoices')
      .select(['amount_minor', 'received_date'])
      .where('trx_id', '=', invoice!.trx_id)
      .executeTakeFirstOrThrow();
    const bank = await api.db.selectFrom('bank_accounts').select('id').where('buid_customer', '=', 'C-1001').executeTakeFirstOrThrow();
    const response = await pay(payer, {
      mode: 'INDIVIDUAL_ACCOUNT',
      method: 'bank',
      invoices: [invoice!.trx_id],
      bank_account_id: String(bank.id),
      terms_accepted: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json() as PaymentDocument;

    // Pending: not paid yet, nothing moves.
    expect((await enrollment()).total_spend_minor).toBe(before.total_spend_minor);

    // The settlement job's own code, for this payment only (the seeded pending payment settles by itself elsewhere).
    api.clock.set('2026-11-25T15:00:00Z');
    expect(await settlePayment(api.db, api.clock, Number(data.id))).toBe(true);
    expect((await api.db.selectFrom('payments').select('status').where('id', '=', Number(data.id)).executeTakeFirstOrThrow()).status).toBe(
      'settled',
    );
    const after = await enrollment();
    expect(after.total_spend_minor - before.total_spend_minor).toBe(row.amount_minor);
    const rate = before.reward_rate_bp / 10_000;
    expect(after.earned_reward_minor).toBe(Math.floor((before.total_spend_minor + row.amount_minor) * rate));
    expect(Math.abs(after.earned_reward_minor - before.earned_reward_minor - row.amount_minor * rate)).toBeLessThan(1);
    const month = row.received_date.slice(0, 7);
    const monthOf = (standing: Enrollment) => standing.spending_history.find((entry) => entry.month === month)?.amount_minor ?? 0;
    expect(monthOf(after) - monthOf(before)).toBe(row.amount_minor);
  });
});

describe('PATCH /customer-loyalty-programs/{id}/targets (enrollment manager)', () => {
  const put = (client: ApiClient, body: unknown, program = fuel) =>
    client.patch(`/customer-loyalty-programs/${program}/targets`, body as Record<string, unknown>);
  const valid = {
    incentive_reward_minor: 300_000,
    milestones: [
      { incentive_tier: 1, target_minor: 1_000_000, reward_minor: 20_000 },
      { incentive_tier: 2, target_minor: 3_000_000, reward_minor: 50_000 },
      { incentive_tier: 4, target_minor: 6_000_000, reward_minor: 120_000 },
    ],
  };

  it('says who may edit', async () => {
    expect((await enrollment('enrollment')).can_edit).toBe(true);
    expect((await enrollment('admin')).can_edit).toBe(false);
  });

  it('refuses every other role (403) and a program the manager does not manage (404), changing nothing', async () => {
    const before = await loyaltyFingerprint();
    for (const username of ['payer', 'admin', 'viewer', 'cardviewer']) {
      const response = await put(await signedIn(username), valid);
      expect(response.statusCode, username).toBe(403);
    }
    const growth = (
      await api.db
        .selectFrom('loyalty_programs')
        .select('program_id')
        .where('program_template', '=', 'Growth Bonus 2026')
        .executeTakeFirstOrThrow()
    ).program_id;
    expect((await put(await signedIn('enrollment'), valid, growth)).statusCode).toBe(404);
    expect(await loyaltyFingerprint()).toBe(before);
  });

  it.each([
    [
      'an incentive reward of 0',
      { ...valid, incentive_reward_minor: 0 },
      ErrorCode.loyaltyIncentiveRewardNotPositive,
      '/incentive_reward_minor',
      undefined,
    ],
    [
      'a missing reward',
      { ...valid, milestones: [{ ...valid.milestones[0], reward_minor: null }] },
      ErrorCode.loyaltyRewardRequired,
      '/milestones/0/reward_minor',
      undefined,
    ],
    [
      'a negative target',
      { ...valid, milestones: [{ ...valid.milestones[0], target_minor: -1 }] },
      ErrorCode.loyaltyTargetNegative,
      '/milestones/0/target_minor',
      undefined,
    ],
    [
      'a target not above the previous',
      { ...valid, milestones: [valid.milestones[0], { ...valid.milestones[1], target_minor: 1_000_000 }] },
      ErrorCode.loyaltyTargetNotHigher,
      '/milestones/1/target_minor',
      undefined,
    ],
    [
      'a tier not above the previous',
      { ...valid, milestones: [valid.milestones[1], { ...valid.milestones[2], incentive_tier: 2 }] },
      ErrorCode.loyaltyTierNotHigher,
      '/milestones/1/incentive_tier',
      undefined,
    ],
    [
      'a tier above the tenant maximum',
      { ...valid, milestones: [{ ...valid.milestones[0], incentive_tier: 11 }] },
      ErrorCode.loyaltyTierTooHigh,
      '/milestones/0/incentive_tier',
      { max: 10 },
    ],
    [
      'a reward above the tenant maximum',
      { ...valid, milestones: [{ ...valid.milestones[0], reward_minor: 10_000_001 }] },
      ErrorCode.loyaltyRewardTooHigh,
      '/milestones/0/reward_minor',
      { max: 100_000, formatParams: { max: { currency: 'USD' } } },
    ],
    [
      'a fraction of a cent',
      { ...valid, milestones: [{ ...valid.milestones[0], target_minor: 10.5 }] },
      ErrorCode.loyaltyAmountNotWhole,
      '/milestones/0/target_minor',
      undefined,
    ],
  ])('refuses %s with the spec §5 message (422), changing nothing', async (_name, body, code, pointer, meta) => {
    const before = await loyaltyFingerprint();
    const response = await put(await signedIn('enrollment'), body);
    expect(response.statusCode, response.body).toBe(422);
    const error = (response.json() as { errors: Array<{ code: string; source: { pointer: string }; meta?: unknown }> }).errors[0]!;
    expect(error.code).toBe(code);
    expect(error.source.pointer).toBe(pointer);
    expect(error.meta).toEqual(meta);
    expect(await loyaltyFingerprint()).toBe(before);
  });

  it('refuses a malformed body (400)', async () => {
    const client = await signedIn('enrollment');
    for (const body of [
      { milestones: [] },
      { ...valid, extra: 1 },
      { ...valid, milestones: [{ incentive_tier: 'one', target_minor: 1, reward_minor: 1 }] },
    ]) {
      const response = await put(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect([ErrorCode.fieldRequired, ErrorCode.invalidRequest]).toContain(errorCode(response));
    }
  });

  it('saves valid targets and tiers, audits, and the figures follow at once', async () => {
    const client = await signedIn('enrollment');
    const before = await enrollment();
    const response = await put(client, { ...valid, currency: 'USD' });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as { data: Array<{ attributes: Record<string, unknown> }>; meta: unknown };
    expect(saved.data.map((row) => row.attributes.incentive_tier)).toEqual([1, 2, 4]);
    expect(saved.meta).toEqual({ goal_type_id: 2, order: 'asc' });
    const after = await enrollment();
    expect(after.milestones).toEqual(valid.milestones);
    expect(after.incentive_reward_minor).toBe(300_000);
    expect(after.current_reward_minor).toBe(after.earned_reward_minor + 20_000);
    expect(after.total_spend_minor).toBe(before.total_spend_minor);
    const entry = await api.db.selectFrom('audit_log').selectAll().where('action', '=', 'loyalty.targets').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'loyalty_program', entity_id: String(fuel) });
  });
});
