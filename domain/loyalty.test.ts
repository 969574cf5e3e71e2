import { describe, expect, it } from 'vitest';
import {
  isActiveEnrollment,
  loyaltyIssueMessage,
  loyaltyStanding,
  milestoneDirection,
  programYearEnding,
  rewardAtRate,
  rewardFor,
  sortMilestones,
  validateIncentiveReward,
  validateLoyaltyProgram,
  validateMilestones,
  yearEarlier,
  yoyGrowthPercent,
} from './loyalty.ts';

const limits = { maxRewardMinor: 10_000, maxTargetMinor: 1_000_000, maxTier: 5 };

describe('enrollment and milestones (spec §4, §7)', () => {
  it('treats enrollment status 3 as active', () => {
    expect(isActiveEnrollment(3)).toBe(true);
    expect(isActiveEnrollment(1)).toBe(false);
  });
  it('sorts ascending for goal type 2 and descending otherwise', () => {
    const tiers = [{ incentive_tier: 2 }, { incentive_tier: 3 }, { incentive_tier: 1 }];
    expect(milestoneDirection(2)).toBe('asc');
    expect(milestoneDirection(1)).toBe('desc');
    expect(sortMilestones(tiers, 2).map((m) => m.incentive_tier)).toEqual([1, 2, 3]);
    expect(sortMilestones(tiers, 1).map((m) => m.incentive_tier)).toEqual([3, 2, 1]);
    expect(sortMilestones(tiers, 7).map((m) => m.incentive_tier)).toEqual([3, 2, 1]);
    expect(tiers.map((m) => m.incentive_tier)).toEqual([2, 3, 1]);
  });
  it('computes year-over-year growth in percent', () => {
    expect(yoyGrowthPercent(11_000, 10_000)).toBe(10);
    expect(yoyGrowthPercent(9_000, 10_000)).toBe(-10);
    expect(yoyGrowthPercent(10_001, 30_000)).toBe(-66.66);
    expect(yoyGrowthPercent(500, 0)).toBeNull();
  });
});

describe('loyalty values (spec §5)', () => {
  it('requires an incentive reward greater than 0 and at most the maximum', () => {
    expect(validateIncentiveReward(1, limits)).toEqual([]);
    expect(validateIncentiveReward(0, limits)).toEqual([{ pointer: '/incentive_reward_minor', kind: 'notPositive' }]);
    expect(validateIncentiveReward(-5, limits)[0]?.kind).toBe('negative');
    expect(validateIncentiveReward(undefined, limits)[0]?.kind).toBe('required');
    expect(validateIncentiveReward(10_001, limits)).toEqual([{ pointer: '/incentive_reward_minor', kind: 'exceedsMaximum', max: 10_000 }]);
    expect(validateIncentiveReward(1.5, limits)[0]?.kind).toBe('notInteger');
    expect(validateIncentiveReward(1e300, limits)[0]).toEqual({
      pointer: '/incentive_reward_minor',
      kind: 'exceedsMaximum',
      max: limits.maxRewardMinor,
    });
  });

  it('accepts rising targets and tiers within the maxima (rewards may stay level, 0 allowed)', () => {
    expect(
      validateMilestones(
        [
          { incentive_tier: 1, target_minor: 0, reward_minor: 0 },
          { incentive_tier: 2, target_minor: 500, reward_minor: 100 },
          { incentive_tier: 5, target_minor: 1_000_000, reward_minor: 100 },
        ],
        limits,
      ),
    ).toEqual([]);
  });

  it('requires reward, target and tier and refuses negatives', () => {
    expect(validateMilestones([{ incentive_tier: null, target_minor: -1, reward_minor: undefined }], limits)).toEqual([
      { pointer: '/milestones/0/incentive_tier', kind: 'required' },
      { pointer: '/milestones/0/target_minor', kind: 'negative' },
      { pointer: '/milestones/0/reward_minor', kind: 'required' },
    ]);
  });

  it('refuses a target or tier not higher than the previous one', () => {
    expect(
      validateMilestones(
        [
          { incentive_tier: 2, target_minor: 500, reward_minor: 10 },
          { incentive_tier: 2, target_minor: 400, reward_minor: 20 },
        ],
        limits,
      ),
    ).toEqual([
      { pointer: '/milestones/1/incentive_tier', kind: 'notHigherThanPrevious' },
      { pointer: '/milestones/1/target_minor', kind: 'notHigherThanPrevious' },
    ]);
  });

  it('refuses values above the tenant maxima', () => {
    expect(validateMilestones([{ incentive_tier: 6, target_minor: 1_000_001, reward_minor: 10_001 }], limits)).toEqual([
      { pointer: '/milestones/0/incentive_tier', kind: 'exceedsMaximum', max: 5 },
      { pointer: '/milestones/0/target_minor', kind: 'exceedsMaximum', max: 1_000_000 },
      { pointer: '/milestones/0/reward_minor', kind: 'exceedsMaximum', max: 10_000 },
    ]);
  });

  it('does not compare against a previous value that is itself missing', () => {
    expect(
      validateMilestones(
        [
          { incentive_tier: null, target_minor: 100, reward_minor: 1 },
          { incentive_tier: 1, target_minor: 200, reward_minor: 1 },
        ],
        limits,
      ),
    ).toEqual([{ pointer: '/milestones/0/incentive_tier', kind: 'required' }]);
  });

  it('validates a whole program', () => {
    expect(
      validateLoyaltyProgram({ incentive_reward_minor: 0, milestones: [{ incentive_tier: 1, target_minor: 1, reward_minor: 1 }] }, limits),
    ).toEqual([{ pointer: '/incentive_reward_minor', kind: 'notPositive' }]);
  });
});

describe('reward arithmetic from paid invoices', () => {
  const terms = {
    reward_rate_bp: 150,
    period_start: '2026-01-01',
    period_end: '2026-12-31',
    enrollment_date: '2026-02-10',
    incentive_reward_minor: 50_000,
    sales_target_minor: 4_000_000,
    milestones: [
      { incentive_tier: 2, target_minor: 2_000_000, reward_minor: 30_000 },
      { incentive_tier: 1, target_minor: 1_000_000, reward_minor: 10_000 },
    ],
  };
  const paid = [
    { received_date: '2026-01-20', amount_minor: 900_000 }, // before enrollment: not counted
    { received_date: '2026-02-10', amount_minor: 600_000 },
    { received_date: '2026-03-31', amount_minor: 500_000 },
    { received_date: '2026-07-01', amount_minor: 100_001 },
    { received_date: '2025-03-01', amount_minor: 400_000 }, // the same days a year earlier
    { received_date: '2025-02-09', amount_minor: 77_000 }, // a year before enrollment: outside
  ];

  it('counts paid spend from the later of enrollment and period start up to today, by month', () => {
    const standing = loyaltyStanding(paid, terms, '2026-07-15');
    expect(standing.total_spend_minor).toBe(1_200_001);
    expect(standing.previous_year_spend_minor).toBe(400_000);
    expect(standing.yoy_growth).toBe(200);
    expect(standing.spending_history).toEqual([
      { month: '2026-01', amount_minor: 0 },
      { month: '2026-02', amount_minor: 600_000 },
      { month: '2026-03', amount_minor: 500_000 },
      { month: '2026-04', amount_minor: 0 },
      { month: '2026-05', amount_minor: 0 },
      { month: '2026-06', amount_minor: 0 },
      { month: '2026-07', amount_minor: 100_001 },
    ]);
  });

  it('earns the rate on spend (rounded down), adds the reached tier and the incentive at the sales target', () => {
    const standing = loyaltyStanding(paid, terms, '2026-07-15');
    expect(standing.earned_reward_minor).toBe(18_000); // 1,200,001 × 1.5 % = 18,000.015
    expect(standing.current_reward_minor).toBe(18_000 + 10_000);
    expect(standing).toMatchObject({
      current_tier: 1,
      next_tier: 2,
      next_target_minor: 2_000_000,
      remaining_to_next_minor: 799_999,
      next_tier_percent: 60,
    });
    expect(rewardFor(4_000_000, terms)).toBe(60_000 + 30_000 + 50_000);
    expect(rewardAtRate(-5, 150)).toBe(0);
  });

  it('moves the earned reward by the rate when one more invoice is paid', () => {
    const before = loyaltyStanding(paid, terms, '2026-07-15');
    const after = loyaltyStanding([...paid, { received_date: '2026-07-02', amount_minor: 200_000 }], terms, '2026-07-15');
    expect(after.total_spend_minor - before.total_spend_minor).toBe(200_000);
    expect(after.earned_reward_minor - before.earned_reward_minor).toBe(3_000);
  });

  it('projects the spend linearly to the period end for the estimate, never below the current reward', () => {
    const standing = loyaltyStanding(paid, terms, '2026-07-15');
    // 156 days elapsed of 325: 1,200,001 × 325 / 156 = 2,500,002 → tier 2.
    expect(standing.estimated_reward_minor).toBe(rewardFor(2_500_002, terms));
    expect(standing.estimated_reward_minor).toBeGreaterThan(standing.current_reward_minor);
    const ended = loyaltyStanding(paid, terms, '2027-03-01');
    expect(ended.estimated_reward_minor).toBe(ended.current_reward_minor);
    expect(ended.spending_history).toHaveLength(12);
  });

  it('is all zero before the window opens, and 100 % once every tier is reached', () => {
    const early = loyaltyStanding(paid, terms, '2026-02-01');
    expect(early).toMatchObject({
      total_spend_minor: 0,
      earned_reward_minor: 0,
      current_reward_minor: 0,
      current_tier: null,
      next_tier: 1,
      next_tier_percent: 0,
    });
    const all = loyaltyStanding([{ received_date: '2026-03-01', amount_minor: 2_500_000 }], terms, '2026-04-01');
    expect(all).toMatchObject({
      current_tier: 2,
      next_tier: null,
      next_target_minor: null,
      remaining_to_next_minor: 0,
      next_tier_percent: 100,
    });
  });

  it('moves a day back a year, 29 February to 28', () => {
    expect(yearEarlier('2028-02-29')).toBe('2027-02-28');
    expect(yearEarlier('2026-12-01')).toBe('2025-12-01');
    expect(programYearEnding('2026-11-23')).toEqual({ period_start: '2025-12-01', period_end: '2026-11-30' });
  });
});

describe('spec §5 messages', () => {
  it('names the field and the kind, with maxima as money in the program currency', () => {
    expect(loyaltyIssueMessage({ pointer: '/incentive_reward_minor', kind: 'notPositive' }, 'USD')).toEqual({
      code: 'errors.loyalty.incentiveRewardNotPositive',
    });
    expect(loyaltyIssueMessage({ pointer: '/milestones/1/target_minor', kind: 'notHigherThanPrevious' }, 'USD').code).toBe(
      'errors.loyalty.targetNotHigher',
    );
    expect(loyaltyIssueMessage({ pointer: '/milestones/0/incentive_tier', kind: 'exceedsMaximum', max: 5 }, 'USD')).toEqual({
      code: 'errors.loyalty.tierTooHigh',
      values: { max: 5 },
    });
    expect(loyaltyIssueMessage({ pointer: '/milestones/0/reward_minor', kind: 'exceedsMaximum', max: 10_000_000 }, 'CAD')).toEqual({
      code: 'errors.loyalty.rewardTooHigh',
      values: { max: 100_000, formatParams: { max: { currency: 'CAD' } } },
    });
    expect(loyaltyIssueMessage({ pointer: '/milestones/2/reward_minor', kind: 'required' }, 'USD').code).toBe(
      'errors.loyalty.rewardRequired',
    );
    expect(loyaltyIssueMessage({ pointer: '/milestones/2/incentive_tier', kind: 'negative' }, 'USD').code).toBe(
      'errors.loyalty.tierNegative',
    );
  });
});
