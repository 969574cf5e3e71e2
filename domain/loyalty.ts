/**
 * Loyalty rules: enrollment status (spec §4, §9), milestone order (spec §7), growth, and the
 * value checks of spec §5 shared by the API and the loyalty editor.
 */

/** spec §4 and §9: enrollment_status 3 means active. */
export const ACTIVE_ENROLLMENT_STATUS = 3;

/** The goal type whose milestones run upwards (spec §7). */
export const ASCENDING_GOAL_TYPE = 2;

export function isActiveEnrollment(enrollmentStatus: number): boolean {
  return enrollmentStatus === ACTIVE_ENROLLMENT_STATUS;
}

/** spec §7: milestones sort by incentive_tier, ascending for goal type 2, otherwise descending. */
export function milestoneDirection(goalTypeId: number): 'asc' | 'desc' {
  return goalTypeId === ASCENDING_GOAL_TYPE ? 'asc' : 'desc';
}

export function sortMilestones<T extends { incentive_tier: number }>(milestones: readonly T[], goalTypeId: number): T[] {
  const sign = milestoneDirection(goalTypeId) === 'asc' ? 1 : -1;
  return [...milestones].sort((a, b) => sign * (a.incentive_tier - b.incentive_tier));
}

/**
 * Year-over-year spending growth in percent, two decimals; null without a previous year to compare.
 * yoyGrowthPercent(110_00, 100_00) === 10; yoyGrowthPercent(5, 0) === null
 */
export function yoyGrowthPercent(totalSpendMinor: number, previousYearSpendMinor: number): number | null {
  if (previousYearSpendMinor <= 0) return null;
  return Math.round(((totalSpendMinor - previousYearSpendMinor) / previousYearSpendMinor) * 10_000) / 100;
}

// ---- spec §5 value checks -------------------------------------------------------------

/** Tenant maxima (tenant.limits.loyalty). */
export interface LoyaltyLimits { maxRewardMinor: number; maxTargetMinor: number; maxTier: number }

export type LoyaltyIssueKind =
  | 'required' | 'notInteger' | 'negative' | 'notPositive' | 'notHigherThanPrevious' | 'exceedsMaximum';

/** One refusal; `pointer` is a JSON pointer into the edited document, `max` the limit broken. */
export interface LoyaltyIssue { pointer: string; kind: LoyaltyIssueKind; max?: number }

/** Form inputs may be empty, so values arrive possibly missing. */
export type LoyaltyValue = number | null | undefined;

export interface MilestoneInput {
  incentive_tier?: LoyaltyValue;
  target_minor?: LoyaltyValue;
  reward_minor?: LoyaltyValue;
}

interface ValueRule { pointer: string; max: number; positive?: boolean }

/** Required, an integer (minor units and tiers are whole), not negative (or > 0), at most max. */
function checkValue(value: LoyaltyValue, rule: ValueRule): LoyaltyIssue | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return { pointer: rule.pointer, kind: 'required' };
  if (!Number.isSafeInteger(value)) return { pointer: rule.pointer, kind: 'notInteger' };
  if (value < 0) return { pointer: rule.pointer, kind: 'negative' };
  if (rule.positive && value === 0) return { pointer: rule.pointer, kind: 'notPositive' };
  if (value > rule.max) return { pointer: rule.pointer, kind: 'exceedsMaximum', max: rule.max };
  return undefined;
}

/** spec §5: "incentive reward must be greater than 0", and like every reward at most the maximum. */
export function validateIncentiveReward(value: LoyaltyValue, limits: LoyaltyLimits, pointer = '/incentive_reward_minor'): LoyaltyIssue[] {
  const issue = checkValue(value, { pointer, max: limits.maxRewardMinor, positive: true });
  return issue ? [issue] : [];
}

/**
 * spec §5: reward, target and tier require a value and cannot be negative; target and tier
 * must be higher than the previous milestone's; none may exceed the tenant's maximum.
 * (Rewards need not rise: the spec asks that only of target and tier.)
 */
export function validateMilestones(milestones: readonly MilestoneInput[], limits: LoyaltyLimits, pointer = '/milestones'): LoyaltyIssue[] {
  const issues: LoyaltyIssue[] = [];
  milestones.forEach((milestone, index) => {
    const at = `${pointer}/${index}`;
    const tier = checkValue(milestone.incentive_tier, { pointer: `${at}/incentive_tier`, max: limits.maxTier });
    const target = checkValue(milestone.target_minor, { pointer: `${at}/target_minor`, max: limits.maxTargetMinor });
    const reward = checkValue(milestone.reward_minor, { pointer: `${at}/reward_minor`, max: limits.maxRewardMinor });
    for (const issue of [tier, target, reward]) if (issue) issues.push(issue);
    const previous = milestones[index - 1];
    if (!previous) return;
    const rises = (field: 'incentive_tier' | 'target_minor', ownIssue: LoyaltyIssue | undefined) => {
      const before = previous[field];
      const now = milestone[field];
      // Only compare two usable numbers; a missing or bad value already has its own issue.
      if (ownIssue || typeof before !== 'number' || typeof now !== 'number' || !Number.isFinite(before)) return;
      if (now <= before) issues.push({ pointer: `${at}/${field}`, kind: 'notHigherThanPrevious' });
    };
    rises('incentive_tier', tier);
    rises('target_minor', target);
  });
  return issues;
}

export interface LoyaltyProgramInput {
  incentive_reward_minor?: LoyaltyValue;
  milestones: readonly MilestoneInput[];
}

/** Every spec §5 loyalty issue of a program being edited; empty when it may be saved. */
export function validateLoyaltyProgram(program: LoyaltyProgramInput, limits: LoyaltyLimits): LoyaltyIssue[] {
  return [...validateIncentiveReward(program.incentive_reward_minor, limits), ...validateMilestones(program.milestones, limits)];
}
