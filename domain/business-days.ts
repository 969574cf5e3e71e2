/**
 * Business days of spec §4's payment timing ("bank payments appear in 1 to 2 business days,
 * card status updates in 1 to 3"): Monday to Friday on the calendar of America/Chicago, the
 * zone the program's dates use (spec §9). Public holidays are not modelled.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, centralDay } from './exposure.ts';

export const BUSINESS_ZONE = 'America/Chicago';

/** isBusinessDay('2026-11-28') === false (a Saturday) */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The `count`-th business day after `day`. addBusinessDays('2026-11-27', 1) === '2026-11-30' (Fri → Mon) */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  for (let counted = 0; counted < count; ) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) counted += 1;
  }
  return current;
}

/**
 * The instant `count` business days after `instant`, at the same Chicago wall-clock time, so a
 * payment made Friday 10:00 CST with a 2-day delay settles Tuesday 10:00 CST, and a daylight
 * saving change in between does not move it by an hour. @date-fns/tz's TZDate does the zone
 * arithmetic (the offset in force at the target day); the target is a weekday, never the Sunday
 * of a change, so its wall-clock time always exists once.
 */
export function businessDaysAfter(instant: Date, count: number): Date {
  const startDay = centralDay(instant);
  const targetDay = addBusinessDays(startDay, count);
  // The same wall-clock time of the same day is the instant itself, even in the hour a change repeats.
  if (targetDay === startDay) return new Date(instant.getTime());
  const start = new TZDate(instant.getTime(), BUSINESS_ZONE);
  const [year, month, day] = targetDay.split('-').map(Number) as [number, number, number];
  const target = new TZDate(
    year,
    month - 1,
    day,
    start.getHours(),
    start.getMinutes(),
    start.getSeconds(),
    start.getMilliseconds(),
    BUSINESS_ZONE,
  );
  return new Date(target.getTime());
}
