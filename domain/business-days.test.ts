import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysAfter, isBusinessDay } from './business-days.ts';

describe('business days (Mon-Fri, America/Chicago)', () => {
  it('knows weekends', () => {
    expect(['2026-11-23', '2026-11-27'].map(isBusinessDay)).toEqual([true, true]); // Monday, Friday
    expect(['2026-11-28', '2026-11-29'].map(isBusinessDay)).toEqual([false, false]); // Saturday, Sunday
  });

  it('counts only weekdays', () => {
    expect(addBusinessDays('2026-11-23', 2)).toBe('2026-11-25'); // Mon → Wed
    expect(addBusinessDays('2026-11-26', 2)).toBe('2026-11-30'); // Thu → Mon
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30'); // Fri → Mon
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02'); // Fri → Wed
    expect(addBusinessDays('2026-11-28', 2)).toBe('2026-12-01'); // Sat → Tue
    expect(addBusinessDays('2026-11-23', 0)).toBe('2026-11-23');
  });

  it('keeps the Chicago wall-clock time', () => {
    // Monday 09:00 CST → Wednesday 09:00 CST
    expect(businessDaysAfter(new Date('2026-11-23T15:00:00Z'), 2).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    // Friday 09:00 CST + 3 → Wednesday
    expect(businessDaysAfter(new Date('2026-11-27T15:00:00Z'), 3).toISOString()).toBe('2026-12-02T15:00:00.000Z');
  });

  it('uses the Chicago day, not the UTC day', () => {
    // 03:00 UTC Saturday is still Friday 21:00 in Chicago: + 1 business day is Monday 21:00 CST.
    expect(businessDaysAfter(new Date('2026-11-28T03:00:00Z'), 1).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('does not shift by an hour across a daylight saving change', () => {
    // Friday 30 Oct 2026 10:00 CDT (15:00Z); DST ends Sunday 1 Nov; Tuesday 10:00 CST is 16:00Z.
    expect(businessDaysAfter(new Date('2026-10-30T15:00:00Z'), 2).toISOString()).toBe('2026-11-03T16:00:00.000Z');
    // Friday 6 Mar 2026 10:00 CST (16:00Z); DST starts Sunday 8 Mar; Tuesday 10:00 CDT is 15:00Z.
    expect(businessDaysAfter(new Date('2026-03-06T16:00:00Z'), 2).toISOString()).toBe('2026-03-10T15:00:00.000Z');
  });
});
