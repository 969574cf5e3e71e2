import { describe, expect, it } from 'vitest';
import {
  addDays,
  AGEING_BUCKETS,
  ageingBucket,
  ageingRanges,
  centralDay,
  creditAvailableMinor,
  CREDIT_USED_STATUSES,
  daysPastDue,
  DUE_STATUSES,
  EXPOSURE_BUCKETS,
  exposureBucketRule,
  exposureClass,
  inExposureBucket,
  openBalanceMinor,
  percentUsed,
  UNBILLED_STATUSES,
} from './exposure.ts';
import { INVOICE_STATUSES } from './invoice-status.ts';

describe('which statuses count where', () => {
  it('puts every status in exactly one class', () => {
    const classes = Object.fromEntries(INVOICE_STATUSES.map((status) => [status, exposureClass(status)]));
    expect(classes).toEqual({
      Billed: 'creditUsed',
      'Past Due': 'creditUsed',
      'Payment Pending': 'creditUsed',
      Disputed: 'creditUsed',
      'On hold': 'creditUsed',
      Adjusted: 'creditUsed',
      Pending: 'unbilled',
      Unbilled: 'unbilled',
      Paid: 'closed',
      Terminated: 'closed',
    });
    expect([...CREDIT_USED_STATUSES, ...UNBILLED_STATUSES].every((status) => INVOICE_STATUSES.includes(status))).toBe(true);
  });

  it('keeps credit used while a payment is pending, releases it when paid', () => {
    expect(exposureClass('Payment Pending')).toBe('creditUsed');
    expect(exposureClass('Paid')).toBe('closed');
    expect(exposureClass('unknown')).toBe('closed');
  });

  it('takes the open balance as current due plus past due', () => {
    expect(openBalanceMinor({ current_due_minor: 1250, past_due_minor: 0 })).toBe(1250);
    expect(openBalanceMinor({ current_due_minor: 0, past_due_minor: 990 })).toBe(990);
  });
});

describe('ageing', () => {
  const today = '2026-11-23';
  it('counts whole days past the due date', () => {
    expect(daysPastDue('2026-11-23', today)).toBe(0);
    expect(daysPastDue('2026-11-22', today)).toBe(1);
    expect(daysPastDue('2026-11-30', today)).toBe(-7);
    // Across the end of daylight saving time (1 November 2026 in the US) days stay whole.
    expect(daysPastDue('2026-10-24', today)).toBe(30);
  });

  it('buckets on the boundaries', () => {
    const bucketOf = (daysLate: number) => ageingBucket(addDays(today, -daysLate), today);
    expect(bucketOf(-5)).toBe('current');
    expect(bucketOf(0)).toBe('current');
    expect(bucketOf(1)).toBe('d1_30');
    expect(bucketOf(30)).toBe('d1_30');
    expect(bucketOf(31)).toBe('d31_60');
    expect(bucketOf(60)).toBe('d31_60');
    expect(bucketOf(61)).toBe('d61_90');
    expect(bucketOf(90)).toBe('d61_90');
    expect(bucketOf(91)).toBe('over_90');
    expect(bucketOf(400)).toBe('over_90');
    expect(ageingBucket(null, today)).toBe('current');
  });

  it('gives date ranges that agree with ageingBucket for every day', () => {
    const ranges = ageingRanges(today);
    for (let daysLate = -40; daysLate <= 200; daysLate += 1) {
      const due = addDays(today, -daysLate);
      const matching = AGEING_BUCKETS.filter((bucket) => {
        const { from, to } = ranges[bucket];
        return (from === undefined || due >= from) && (to === undefined || due <= to);
      });
      expect(matching, due).toEqual([ageingBucket(due, today)]);
    }
  });

  it('reads today in US Central time', () => {
    expect(centralDay(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    expect(centralDay(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
    expect(centralDay(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
  });
});

describe('credit line', () => {
  it('subtracts unpaid invoices and held authorisations, never below 0', () => {
    expect(creditAvailableMinor(50_000, 20_000, 5_000)).toBe(25_000);
    expect(creditAvailableMinor(50_000, 49_000, 5_000)).toBe(0);
    expect(creditAvailableMinor(0, 0, 0)).toBe(0);
  });

  it('rounds the percent used down and keeps it within 0..100', () => {
    expect(percentUsed(2_500, 10_000)).toBe(25);
    expect(percentUsed(9_999, 10_000)).toBe(99);
    expect(percentUsed(10_000, 10_000)).toBe(100);
    expect(percentUsed(15_000, 10_000)).toBe(100);
    expect(percentUsed(0, 10_000)).toBe(0);
    expect(percentUsed(1, 0)).toBe(100);
    expect(percentUsed(0, 0)).toBe(0);
  });
});

describe('exposure buckets (the figures the overview links to a list)', () => {
  const today = '2026-11-23';
  const due = (status: string, due_date: string | null) => ({ status, due_date });
  it('puts a due invoice in exactly one ageing bucket, agreeing with ageingBucket, and past due is every bucket after current', () => {
    for (const dueDate of [
      null,
      '2026-12-01',
      today,
      '2026-11-22',
      '2026-10-24',
      '2026-10-23',
      '2026-09-24',
      '2026-08-25',
      '2026-08-24',
      '2025-01-01',
    ]) {
      for (const status of ['Billed', 'Past Due', 'Disputed', 'On hold', 'Adjusted']) {
        const buckets = AGEING_BUCKETS.filter((bucket) => inExposureBucket(due(status, dueDate), bucket, today));
        expect(buckets).toEqual([ageingBucket(dueDate, today)]);
        expect(inExposureBucket(due(status, dueDate), 'past_due', today)).toBe(buckets[0] !== 'current');
      }
    }
  });

  it('leaves what is being paid, paid or not billed out of the due buckets, and counts Unbilled and Pending as unbilled', () => {
    for (const status of ['Payment Pending', 'Paid', 'Terminated', 'Unbilled', 'Pending']) {
      expect(
        EXPOSURE_BUCKETS.filter((bucket) => bucket !== 'unbilled' && inExposureBucket(due(status, '2026-10-01'), bucket, today)),
      ).toEqual([]);
    }
    expect(DUE_STATUSES).toEqual(['Billed', 'Past Due', 'Disputed', 'On hold', 'Adjusted']);
    expect(inExposureBucket(due('Pending', null), 'unbilled', today)).toBe(true);
    expect(inExposureBucket(due('Unbilled', '2026-01-01'), 'unbilled', today)).toBe(true);
    expect(inExposureBucket(due('Billed', null), 'unbilled', today)).toBe(false);
    expect(exposureBucketRule('past_due', today)).toEqual({ statuses: DUE_STATUSES, due: { to: '2026-11-22' }, undatedIn: false });
  });
});
