// Calendar dates as the public pages show them. Event dates are plain days ('YYYY-MM-DD'), written by
// the shared formatDay, by hand rather than with Intl, so the server and every browser print exactly
// the same text (no hydration mismatch, no 'Sept' vs 'Sep' between ICU versions).
import { formatDay, MONTH_NAMES } from '#shared/day-names.ts';

/** 'Sat 12 December 2026' (en-GB order); anything that is not a calendar day is returned as it is. */
export const formatEventDate = (day: string): string => formatDay(day, { month: 'long' });

/** The parts of a date for a calendar-style tile: 'DEC', '12'. */
export function dateTile(day: string): { month: string; date: string } | undefined {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return match
    ? { month: MONTH_NAMES[Number(match[1]) - 1]!.slice(0, 3).toUpperCase(), date: String(Number(match[2])) }
    : undefined;
}

// The "next three" events (docs/product.md#landing-page): chosen by the rule the server's calendar feed and
// the admin's event cards use too (docs/decisions/0442).
export { upcomingEvents } from '#shared/event-channels.ts';

/**
 * A formatter of instants (ISO strings) in London time, en-GB, with `options`; a string that is no
 * instant is returned as it is. (Instants, unlike plain days, differ by zone: Intl is the right tool.)
 */
export function londonInstants(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
