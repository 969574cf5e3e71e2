/**
 * Loyalty rules: enrollment status (spec §4, §9), milestone order (spec §7), growth, the reward
 * arithmetic over PAID invoices, and the value checks of spec §5 shared by the API and the
 * loyalty editor.
 */
import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';
import { addDays } from './exposure.ts';

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

// ---- the reward arithmetic ------------------------------------------------------------

/** One PAID invoice of the enrolled customer in the program's currency. */
export interface PaidSpend {
  received_date: string;
  amount_minor: number;
}

export interface Milestone {
  incentive_tier: number;
  target_minor: number;
  reward_minor: number;
}

/** What a program pays for, as stored (money in minor units, days as 'YYYY-MM-DD' in Central US time). */
export interface LoyaltyTerms {
  /** Reward accrued on every unit of paid spend, in basis points (150 = 1.5 %). */
  reward_rate_bp: number;
  /** The program year, both days included. */
  period_start: string;
  period_end: string;
  enrollment_date: string;
  /** Paid once when the qualifying spend reaches the sales target. */
  incentive_reward_minor: number;
  sales_target_minor: number;
  milestones: readonly Milestone[];
}

export interface SpendingMonth {
  month: string;
  amount_minor: number;
}

/** The figures of one enrollment on one day; every amount in the program's currency, minor units. */
export interface LoyaltyStanding {
  /** Paid spend from the later of enrollment and period start up to today (and the period end). */
  total_spend_minor: number;
  /** Paid spend over the same days one year earlier. */
  previous_year_spend_minor: number;
  yoy_growth: number | null;
  /** Paid spend per calendar month of the program year, up to this month. */
  spending_history: SpendingMonth[];
  /** total spend × rate: moves with every settled payment by the program's rate. */
  earned_reward_minor: number;
  /** Earned plus the bonuses reached so far (highest milestone reward, incentive at the sales target). */
  current_reward_minor: number;
  /** The same as current, for the spend projected linearly to the period end. */
  estimated_reward_minor: number;
  /** Highest milestone tier whose target the spend reached; null before the first. */
  current_tier: number | null;
  next_tier: number | null;
  next_target_minor: number | null;
  /** Still to spend for the next tier (0 once every tier is reached). */
  remaining_to_next_minor: number;
  /** Share of the next tier's target reached, whole percent (100 once every tier is reached). */
  next_tier_percent: number;
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const laterDay = (a: string, b: string) => (a > b ? a : b);
const earlierDay = (a: string, b: string) => (a < b ? a : b);

/** The same calendar day a year earlier (29 February becomes 28 February). */
export function yearEarlier(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${year - 1}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastOfMonth)).padStart(2, '0')}`;
}

/** The reward a spend earns at a rate in basis points; rounded down (never pays a fraction of a cent). */
export function rewardAtRate(spendMinor: number, rateBp: number): number {
  return Math.floor((Math.max(0, spendMinor) * rateBp) / 10_000);
}

/** The milestones reached by a spend, the highest last (whatever the display order). */
function reachedMilestones(milestones: readonly Milestone[], spendMinor: number): Milestone[] {
  return [...milestones].sort((a, b) => a.target_minor - b.target_minor).filter((milestone) => spendMinor >= milestone.target_minor);
}

/** Earned at the rate, plus the highest reached milestone's reward and the incentive once the sales target is met. */
export function rewardFor(
  spendMinor: number,
  terms: Pick<LoyaltyTerms, 'reward_rate_bp' | 'incentive_reward_minor' | 'sales_target_minor' | 'milestones'>,
): number {
  const tierBonus = reachedMilestones(terms.milestones, spendMinor).at(-1)?.reward_minor ?? 0;
  const incentive = terms.sales_target_minor > 0 && spendMinor >= terms.sales_target_minor ? terms.incentive_reward_minor : 0;
  return rewardAtRate(spendMinor, terms.reward_rate_bp) + tierBonus + incentive;
}

const monthsBetween = (first: string, last: string): string[] => {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (let guard = 0; guard < 120; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
};

/**
 * An enrollment's figures on `today` from the customer's PAID invoices (received_date is the day
 * of the purchase; an invoice counts once it is paid, so a payment that settles moves the spend
 * by its invoices and the earned reward by the program's rate).
 * Before the qualifying window opens every figure is 0; after the period ends the figures stay
 * at the period's end.
 */
export function loyaltyStanding(paid: readonly PaidSpend[], terms: LoyaltyTerms, today: string): LoyaltyStanding {
  const from = laterDay(terms.period_start, terms.enrollment_date);
  const to = earlierDay(terms.period_end, today);
  const inWindow = (day: string, first: string, last: string) => day >= first && day <= last;
  const sum = (first: string, last: string) =>
    paid.reduce((total, invoice) => (inWindow(invoice.received_date, first, last) ? total + invoice.amount_minor : total), 0);
  const open = from <= to;
  const total = open ? sum(from, to) : 0;
  const previous = open ? sum(yearEarlier(from), yearEarlier(to)) : 0;
  const history = monthsBetween(terms.period_start, to < terms.period_start ? terms.period_start : to).map((month) => ({
    month,
    amount_minor: open
      ? paid.reduce(
          (amount, invoice) =>
            invoice.received_date.startsWith(month) && inWindow(invoice.received_date, from, to) ? amount + invoice.amount_minor : amount,
          0,
        )
      : 0,
  }));
  // Linear projection over the qualifying window: spend so far per elapsed day × the window's days.
  const elapsedDays = open ? dayNumber(to) - dayNumber(from) + 1 : 0;
  const windowDays = dayNumber(terms.period_end) - dayNumber(from) + 1;
  const projected = elapsedDays > 0 && windowDays > elapsedDays ? Math.floor((total * windowDays) / elapsedDays) : total;
  const byTarget = [...terms.milestones].sort((a, b) => a.target_minor - b.target_minor);
  const reached = reachedMilestones(byTarget, total).at(-1);
  const next = byTarget.find((milestone) => total < milestone.target_minor);
  const current = rewardFor(total, terms);
  return {
    total_spend_minor: total,
    previous_year_spend_minor: previous,
    yoy_growth: yoyGrowthPercent(total, previous),
    spending_history: history,
    earned_reward_minor: rewardAtRate(total, terms.reward_rate_bp),
    current_reward_minor: current,
    estimated_reward_minor: Math.max(current, rewardFor(projected, terms)),
    current_tier: reached?.incentive_tier ?? null,
    next_tier: next?.incentive_tier ?? null,
    next_target_minor: next?.target_minor ?? null,
    remaining_to_next_minor: next ? next.target_minor - total : 0,
    next_tier_percent: next ? Math.min(99, Math.floor((total * 100) / Math.max(1, next.target_minor))) : 100,
  };
}

/** The first day of the program year that ends with the month of `today` (a rolling demo year). */
export function programYearEnding(today: string): { period_start: string; period_end: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { period_start: addDays(yearEarlier(end), 1), period_end: end };
}

// ---- spec §5 value checks -------------------------------------------------------------

/** Tenant maxima (tenant.limits.loyalty). */
export interface LoyaltyLimits {
  maxRewardMinor: number;
  maxTargetMinor: number;
  maxTier: number;
}

export type LoyaltyIssueKind = 'required' | 'notInteger' | 'negative' | 'notPositive' | 'notHigherThanPrevious' | 'exceedsMaximum';

/** One refusal; `pointer` is a JSON pointer into the edited document, `max` the limit broken. */
export interface LoyaltyIssue {
  pointer: string;
  kind: LoyaltyIssueKind;
  max?: number;
}

/** Form inputs may be empty, so values arrive possibly missing. */
export type LoyaltyValue = number | null | undefined;

export interface MilestoneInput {
  incentive_tier?: LoyaltyValue;
  target_minor?: LoyaltyValue;
  reward_minor?: LoyaltyValue;
}

interface ValueRule {
  pointer: string;
  max: number;
  positive?: boolean;
}

/** Required, not negative (or > 0), at most max, and whole (minor units and tiers are). */
function checkValue(value: LoyaltyValue, rule: ValueRule): LoyaltyIssue | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return { pointer: rule.pointer, kind: 'required' };
  if (value < 0) return { pointer: rule.pointer, kind: 'negative' };
  if (rule.positive && value === 0) return { pointer: rule.pointer, kind: 'notPositive' };
  // Too large says so before "not whole": 1e300 is not a safe integer either, but the limit is the news.
  if (value > rule.max) return { pointer: rule.pointer, kind: 'exceedsMaximum', max: rule.max };
  if (!Number.isSafeInteger(value)) return { pointer: rule.pointer, kind: 'notInteger' };
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

type CheckedField = 'incentive_reward_minor' | 'reward_minor' | 'target_minor' | 'incentive_tier';

const ISSUE_CODES: Record<CheckedField, Partial<Record<LoyaltyIssueKind, ErrorCodeKey>>> = {
  incentive_reward_minor: {
    required: ErrorCode.loyaltyRewardRequired,
    notPositive: ErrorCode.loyaltyIncentiveRewardNotPositive,
    negative: ErrorCode.loyaltyIncentiveRewardNotPositive,
    exceedsMaximum: ErrorCode.loyaltyRewardTooHigh,
    notInteger: ErrorCode.loyaltyAmountNotWhole,
  },
  reward_minor: {
    required: ErrorCode.loyaltyRewardRequired,
    negative: ErrorCode.loyaltyRewardNegative,
    exceedsMaximum: ErrorCode.loyaltyRewardTooHigh,
    notInteger: ErrorCode.loyaltyAmountNotWhole,
  },
  target_minor: {
    required: ErrorCode.loyaltyTargetRequired,
    negative: ErrorCode.loyaltyTargetNegative,
    notHigherThanPrevious: ErrorCode.loyaltyTargetNotHigher,
    exceedsMaximum: ErrorCode.loyaltyTargetTooHigh,
    notInteger: ErrorCode.loyaltyAmountNotWhole,
  },
  incentive_tier: {
    required: ErrorCode.loyaltyTierRequired,
    negative: ErrorCode.loyaltyTierNegative,
    notHigherThanPrevious: ErrorCode.loyaltyTierNotHigher,
    exceedsMaximum: ErrorCode.loyaltyTierTooHigh,
    notInteger: ErrorCode.loyaltyTierNotWhole,
  },
};

/** An issue as a message: its error code and the placeholders it reads. */
export interface LoyaltyMessage {
  code: ErrorCodeKey;
  /**
   * `max` is in major units for amounts, formatted as money in `currency` by the text
   * ("{{max, currency}}" with i18next's formatParams), or the plain tier number.
   */
  values?: Record<string, unknown>;
}

/**
 * The spec §5 message of an issue. Amount maxima go out in major units with the program's
 * currency (minor units with two decimals, spec §9), so both the server and the form say
 * "Reward cannot exceed $100,000.00".
 */
export function loyaltyIssueMessage(issue: LoyaltyIssue, currency: string): LoyaltyMessage {
  const field = (issue.pointer.split('/').at(-1) ?? '') as CheckedField;
  const code = ISSUE_CODES[field]?.[issue.kind] ?? ErrorCode.invalidRequest;
  if (issue.max === undefined) return { code };
  if (field === 'incentive_tier') return { code, values: { max: issue.max } };
  return { code, values: { max: issue.max / 100, formatParams: { max: { currency } } } };
}
