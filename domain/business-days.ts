/**
 * Business days of spec §4's payment timing ("bank payments appear in 1 to 2 business days,
 * card status updates in 1 to 3"): Monday to Friday on the calendar of America/Chicago, the
 * zone the program's dates use (spec §9). Public holidays are not modelled.
 */
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
  for (let counted = 0; counted < count;) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) counted += 1;
  }
  return current;
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (-6 h for Chicago in winter). */
function zoneOffsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
    hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - (instant - (instant % 1000));
}

/**
 * The instant `count` business days after `instant`, at the same Chicago wall-clock time, so a
 * payment made Friday 10:00 CST with a 2-day delay settles Tuesday 10:00 CST, and a daylight
 * saving change in between does not move it by an hour.
 */
export function businessDaysAfter(instant: Date, count: number): Date {
  const startDay = centralDay(instant);
  const targetDay = addBusinessDays(startDay, count);
  const offset = zoneOffsetMs(instant.getTime(), BUSINESS_ZONE);
  const wallClockMs = instant.getTime() + offset - Date.parse(`${startDay}T00:00:00Z`);
  const wall = Date.parse(`${targetDay}T00:00:00Z`) + wallClockMs;
  // Two passes find the offset in force at the target (it differs across a DST change).
  const guess = wall - zoneOffsetMs(wall - offset, BUSINESS_ZONE);
  return new Date(wall - zoneOffsetMs(guess, BUSINESS_ZONE));
}
