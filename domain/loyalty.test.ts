import { describe, expect, it } from 'vitest';
import {
  isActiveEnrollment, milestoneDirection, sortMilestones, validateIncentiveReward, validateLoyaltyProgram,
  validateMilestones, yoyGrowthPercent,
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
  });

  it('accepts rising targets and tiers within the maxima (rewards may stay level, 0 allowed)', () => {
    expect(validateMilestones([
      { incentive_tier: 1, target_minor: 0, reward_minor: 0 },
      { incentive_tier: 2, target_minor: 500, reward_minor: 100 },
      { incentive_tier: 5, target_minor: 1_000_000, reward_minor: 100 },
    ], limits)).toEqual([]);
  });

  it('requires reward, target and tier and refuses negatives', () => {
    expect(validateMilestones([{ incentive_tier: null, target_minor: -1, reward_minor: undefined }], limits)).toEqual([
      { pointer: '/milestones/0/incentive_tier', kind: 'required' },
      { pointer: '/milestones/0/target_minor', kind: 'negative' },
      { pointer: '/milestones/0/reward_minor', kind: 'required' },
    ]);
  });

  it('refuses a target or tier not higher than the previous one', () => {
    expect(validateMilestones([
      { incentive_tier: 2, target_minor: 500, reward_minor: 10 },
      { incentive_tier: 2, target_minor: 400, reward_minor: 20 },
    ], limits)).toEqual([
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
    expect(validateMilestones([
      { incentive_tier: null, target_minor: 100, reward_minor: 1 },
      { incentive_tier: 1, target_minor: 200, reward_minor: 1 },
    ], limits)).toEqual([{ pointer: '/milestones/0/incentive_tier', kind: 'required' }]);
  });

  it('validates a whole program', () => {
    expect(validateLoyaltyProgram({ incentive_reward_minor: 0, milestones: [{ incentive_tier: 1, target_minor: 1, reward_minor: 1 }] }, limits))
      .toEqual([{ pointer: '/incentive_reward_minor', kind: 'notPositive' }]);
  });
});
