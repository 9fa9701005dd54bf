// Calendar dates as the public pages show them. Event dates are plain days ('YYYY-MM-DD'); they are
// formatted by hand rather than with Intl so the server and every browser print exactly the same
// text (no hydration mismatch, no 'Sept' vs 'Sep' between ICU versions).
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function parts(day: string): { year: number; month: number; date: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

/** 'Sat 12 December 2026' (en-GB order); anything that is not a calendar day is returned as it is. */
export function formatEventDate(day: string): string {
  const p = parts(day);
  if (!p) return day;
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.date)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${p.date} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** The parts of a date for a calendar-style tile: 'DEC', '12'. */
export function dateTile(day: string): { month: string; date: string } | undefined {
  const p = parts(day);
  return p && { month: MONTHS[p.month - 1]!.slice(0, 3).toUpperCase(), date: String(p.date) };
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
