// Calendar days in Europe/London (docs/product.md#analytics-definitions): which day an instant falls on,
// when a day starts, and the days of a report period. Days are 'YYYY-MM-DD' strings, which sort and
// compare in date order.
import { ANALYTICS_TIME_ZONE, DATE_RANGE } from './constants.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ANALYTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// UK clocks change on the hour, so every instant within one UTC hour falls on the same London day:
// caching per hour keeps Intl out of the ingestion hot path.
const dayByHour = new Map<number, string>();
const DAY_CACHE_LIMIT = 10_000;

/** The London calendar day of an instant. */
export function londonDay(epochMs: number): string {
  const hour = Math.floor(epochMs / HOUR_MS);
  let day = dayByHour.get(hour);
  if (day === undefined) {
    day = dayFormat.format(hour * HOUR_MS);
    if (dayByHour.size >= DAY_CACHE_LIMIT) dayByHour.clear();
    dayByHour.set(hour, day);
  }
  return day;
}

/** `day` moved by `delta` calendar days (pure date arithmetic, no time zone involved). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a London day begins. London midnight is never inside a clock change (those happen at 01:00 UTC). */
export function londonMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // London is UTC+0 or UTC+1: if the UTC midnight already reads as this day in London, the zone was
  // one hour ahead, so local midnight came an hour earlier.
  return londonDay(utcMidnight - HOUR_MS) === day ? utcMidnight - HOUR_MS : utcMidnight;
}

/** A report period of `days` days: today (in London) and the days before, oldest first. */
export function periodDays(now: number, days: number): string[] {
  const today = londonDay(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

/**
 * Whether `day` lies in DATE_RANGE, the days the API takes (docs/decisions/0458). A row written before
 * the range was enforced may lie outside it; the calendars leave such a row out rather than write a
 * day after it that is no date at all.
 */
export const withinDateRange = (day: string) => day >= DATE_RANGE.firstDay && day <= DATE_RANGE.lastDay;
