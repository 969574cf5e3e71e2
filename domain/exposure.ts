/**
 * Exposure rules (spec §3 "Exposure (per customer)"): which invoice statuses count where,
 * how an open invoice ages, and the credit-line arithmetic. The server turns the status sets
 * and day bounds below into SQL aggregates; the browser may reuse them for its own figures.
 */
import type { InvoiceStatus } from './invoice-status.ts';

/**
 * Credit used (unpaid_invoice) counts these statuses: billed invoices that still carry a balance.
 * - Billed, Past Due: owed, the plain case.
 * - Payment Pending: a payment is on its way but has not settled (bank payments take 1 to 2
 *   business days, card status 1 to 3, spec §4) and may still fail, so the credit stays used
 *   until it settles and the invoice becomes Paid. It is no longer due, though: the due figures
 *   and the ageing buckets leave it out (IN_PAYMENT_STATUSES), so a customer who has paid is not
 *   shown the same amount as past due and asked to pay it again.
 * - Disputed: the amount stays owed until the dispute is resolved in the customer's favour.
 * - On hold: billed, payment paused; still owed.
 * - Adjusted: the amount was corrected (adjustment reason), the corrected balance is owed;
 *   the demo data gives Adjusted invoices a current or past due.
 */
export const CREDIT_USED_STATUSES: readonly InvoiceStatus[] = ['Billed', 'Past Due', 'Payment Pending', 'Disputed', 'On hold', 'Adjusted'];

/** In credit used but not due: the due figures and the ageing buckets leave these out. */
export const IN_PAYMENT_STATUSES: readonly InvoiceStatus[] = ['Payment Pending'];

/**
 * unbilled_invoice counts transactions not billed yet (billed total 0): Unbilled, and Pending
 * (posted, awaiting billing). They are not in credit used: credit_available is the limit less
 * unpaid invoices less held authorisations (credit held covers transactions not yet billed).
 */
export const UNBILLED_STATUSES: readonly InvoiceStatus[] = ['Unbilled', 'Pending'];

/** Paid and Terminated invoices owe nothing and count nowhere. */
export type ExposureClass = 'creditUsed' | 'unbilled' | 'closed';

export function exposureClass(status: string): ExposureClass {
  if ((CREDIT_USED_STATUSES as readonly string[]).includes(status)) return 'creditUsed';
  if ((UNBILLED_STATUSES as readonly string[]).includes(status)) return 'unbilled';
  return 'closed';
}

/**
 * An open invoice's balance: its current due plus its past due (spec §3), which a partial
 * payment or an adjustment lowers. Which part is past due is decided from the due date
 * and today (below), not from the stored split, so the figures never go stale overnight.
 */
export function openBalanceMinor(invoice: { current_due_minor: number; past_due_minor: number }): number {
  return invoice.current_due_minor + invoice.past_due_minor;
}

export const AGEING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Calendar arithmetic on 'YYYY-MM-DD' days in UTC, so daylight saving never shifts a day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `dueDate` to `today`: positive once the due date has passed. */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

let centralFormatter: Intl.DateTimeFormat | undefined;
/**
 * One formatter for every call, made on first use: constructing an Intl.DateTimeFormat with a time
 * zone costs about 0.15 ms of CPU, formatting with a made one about 0.01 ms, and every paged list
 * request asks for today (issue 25: it was the API's largest cost of its own, 7 % of the server's
 * CPU under the open-loop load).
 */
function centralFormat(): Intl.DateTimeFormat {
  centralFormatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' });
  return centralFormatter;
}

/** centralDay's last answer and its UTC minute. */
let lastCentralDay = { minute: Number.NaN, day: '' };

/**
 * spec §9 "some dates use Central US time": the calendar day in America/Chicago, which decides
 * whether an invoice is past due. centralDay(new Date('2026-11-24T03:00:00Z')) === '2026-11-23'
 */
export function centralDay(instant: Date): string {
  // The zone's offsets are whole minutes, so the day is the same for every instant of one UTC
  // minute: the last minute's answer is kept (every paged request asks, issue 25).
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastCentralDay.minute) return lastCentralDay.day;
  const parts = centralFormat().formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  lastCentralDay = { minute, day };
  return day;
}

/**
 * The bucket of an open invoice: due today or later (or no due date) is current; the day after
 * the due date is 1 day past due. ageingBucket('2026-10-24', '2026-11-23') === 'd1_30'
 */
export function ageingBucket(dueDate: string | null, today: string): AgeingBucket {
  if (dueDate === null) return 'current';
  const days = daysPastDue(dueDate, today);
  if (days <= 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over_90';
}

/** Inclusive due-date range of each bucket, so a query compares the indexed column to constants. */
export interface DayRange {
  from?: string;
  to?: string;
}

export function ageingRanges(today: string): Record<AgeingBucket, DayRange> {
  return {
    current: { from: today },
    d1_30: { from: addDays(today, -30), to: addDays(today, -1) },
    d31_60: { from: addDays(today, -60), to: addDays(today, -31) },
    d61_90: { from: addDays(today, -90), to: addDays(today, -61) },
    over_90: { to: addDays(today, -91) },
  };
}

/** credit_available = credit_limit - unpaid_invoice - active_authorisation, never below 0. */
export function creditAvailableMinor(limit: number, unpaid: number, authorised: number): number {
  return Math.max(0, limit - unpaid - authorised);
}

/**
 * Percent of the credit line in use (unpaid invoices plus held authorisations), as a whole
 * number from 0 to 100. Rounded down, so 100 means nothing is left; a line of 0 with anything
 * used is 100. percentUsed(2_500, 10_000) === 25
 */
export function percentUsed(used: number, limit: number): number {
  if (used <= 0) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, Math.floor((used * 100) / limit));
}

/** What is due (the due figures and the ageing buckets): credit used less what is being paid. */
export const DUE_STATUSES: readonly InvoiceStatus[] = CREDIT_USED_STATUSES.filter((status) => !IN_PAYMENT_STATUSES.includes(status));

/**
 * The overview's figures that open a list (issue 13: a tile's count and amount must equal the list
 * behind its link): the ageing buckets, "past due" (every bucket after current) and "unbilled".
 * GET /exposures groups by these rules and GET /invoices filters by them (filter[exposure_bucket]),
 * so a figure and its list can never disagree.
 */
export const EXPOSURE_BUCKETS = [...AGEING_BUCKETS, 'past_due', 'unbilled'] as const;
export type ExposureBucket = (typeof EXPOSURE_BUCKETS)[number];

export function isExposureBucket(value: string): value is ExposureBucket {
  return (EXPOSURE_BUCKETS as readonly string[]).includes(value);
}

/**
 * An invoice is in a bucket when its status is one of `statuses` and its due date lies in `due`
 * (inclusive; no bound = open); `undatedIn` says whether an invoice with no due date is in it.
 * The amount of a due bucket is the open balance (current due + past due); of unbilled, the amount.
 */
export interface ExposureBucketRule {
  statuses: readonly InvoiceStatus[];
  due?: DayRange;
  undatedIn: boolean;
}

/** exposureBucketRule('past_due', '2026-11-23') → { statuses: DUE_STATUSES, due: { to: '2026-11-22' }, undatedIn: false } */
export function exposureBucketRule(bucket: ExposureBucket, today: string): ExposureBucketRule {
  if (bucket === 'unbilled') return { statuses: UNBILLED_STATUSES, undatedIn: true };
  if (bucket === 'past_due') return { statuses: DUE_STATUSES, due: { to: addDays(today, -1) }, undatedIn: false };
  // No due date counts as current (ageingBucket above).
  return { statuses: DUE_STATUSES, due: ageingRanges(today)[bucket], undatedIn: bucket === 'current' };
}

/** The same rule over one invoice, for the browser and the tests. */
export function inExposureBucket(invoice: { status: string; due_date: string | null }, bucket: ExposureBucket, today: string): boolean {
  const rule = exposureBucketRule(bucket, today);
  if (!(rule.statuses as readonly string[]).includes(invoice.status)) return false;
  if (invoice.due_date === null) return rule.undatedIn;
  return (
    (rule.due?.from === undefined || invoice.due_date >= rule.due.from) && (rule.due?.to === undefined || invoice.due_date <= rule.due.to)
  );
}
