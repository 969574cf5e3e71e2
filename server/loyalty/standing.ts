import { centralDay } from '../../domain/exposure.ts';
import { loyaltyStanding, sortMilestones, yearEarlier, type LoyaltyStanding, type Milestone } from '../../domain/loyalty.ts';
import type { Database } from '../db/database.ts';

/** The program terms an enrollment's figures need, as the enrollment query selects them. */
export interface EnrollmentTerms {
  buid_customer: string;
  loyalty_program_id: number;
  enrollment_date: string;
  currency: string;
  reward_rate_bp: number;
  period_start: string;
  period_end: string;
  incentive_reward_minor: number;
  sales_target_minor: number;
}

/** Milestones of programs by program id, ascending by tier. */
export async function milestonesOf(db: Database, programIds: readonly number[]): Promise<Map<number, Milestone[]>> {
  const byProgram = new Map<number, Milestone[]>();
  if (programIds.length === 0) return byProgram;
  const rows = await db
    .selectFrom('loyalty_milestones')
    .select(['program_id', 'incentive_tier', 'target_minor', 'reward_minor'])
    .where('program_id', 'in', [...programIds])
    .orderBy('incentive_tier')
    .execute();
  for (const { program_id, ...milestone } of rows) byProgram.set(program_id, [...(byProgram.get(program_id) ?? []), milestone]);
  return byProgram;
}

/**
 * An enrollment's figures on the Central US day of `now`, from the customer's PAID invoices in
 * the program's currency over the program year and the same days a year earlier (the only
 * invoices the arithmetic can count, so only those are read).
 */
export async function standingOf(
  db: Database,
  enrollment: EnrollmentTerms,
  milestones: readonly Milestone[],
  now: Date,
): Promise<LoyaltyStanding> {
  const today = centralDay(now);
  const earliest = yearEarlier(enrollment.period_start < enrollment.enrollment_date ? enrollment.enrollment_date : enrollment.period_start);
  const paid = await db
    .selectFrom('invoices')
    .select(['received_date', 'amount_minor'])
    .where('buid_customer', '=', enrollment.buid_customer)
    .where('currency', '=', enrollment.currency)
    .where('status', '=', 'Paid')
    .where('received_date', '>=', earliest)
    .where('received_date', '<=', enrollment.period_end < today ? enrollment.period_end : today)
    .execute();
  return loyaltyStanding(
    paid.map((row) => ({ received_date: row.received_date, amount_minor: Number(row.amount_minor) })),
    {
      reward_rate_bp: enrollment.reward_rate_bp,
      period_start: enrollment.period_start,
      period_end: enrollment.period_end,
      enrollment_date: enrollment.enrollment_date,
      incentive_reward_minor: enrollment.incentive_reward_minor,
      sales_target_minor: enrollment.sales_target_minor,
      milestones: sortMilestones(milestones, 2),
    },
    today,
  );
}
