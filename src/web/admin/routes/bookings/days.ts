// The calendar's arithmetic on 'YYYY-MM-DD' days and 'YYYY-MM' months, by hand and in UTC so no
// time zone moves a day (the days themselves are London days, as the API gives them).
import { addDays } from '#shared/london-days.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { formatDay, LONG_DAY, MONTH_NAMES, WEEKDAY_NAMES } from '#shared/day-names.ts';

/** The calendar's column headings, Monday first: short and in full. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0].map((d) => ({
  short: WEEKDAY_NAMES[d]!.slice(0, 3),
  long: WEEKDAY_NAMES[d]!,
}));

const split = (day: string) => day.split('-').map(Number) as [number, number, number];
const weekday = (day: string) => {
  const [y, m, d] = split(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** A month given as 'YYYY-MM' when it is one, else null. */
export const parseMonth = (text: string | null): string | null =>
  text && /^\d{4}-(0[1-9]|1[0-2])$/.test(text) ? text : null;

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = split(`${month}-01`);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first and last day of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** "August 2026" */
export const monthName = (month: string) =>
  `${MONTH_NAMES[split(`${month}-01`)[1] - 1]} ${month.slice(0, 4)}`;

/** The weeks shown for a month, Monday first, padded with the neighbouring months' days. */
export function monthWeeks(month: string): string[][] {
  const { from, to } = monthRange(month);
  let day = addDays(from, -((weekday(from) + 6) % 7));
  const weeks: string[][] = [];
  while (day <= to) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++, day = addDays(day, 1)) week.push(day);
    weeks.push(week);
  }
  return weeks;
}

/** "Fri 14 Aug" (and the year when `withYear`). */
export const shortDay = (day: string, withYear = false): string => formatDay(day, { year: withYear });

/** "Friday 14 August 2026", for screen readers. */
export const longDay = (day: string): string => formatDay(day, LONG_DAY);

/** "Fri 14 Aug 2026", or "Fri 14 – Sun 16 Aug 2026" for several days. */
export const bookingDays = (booking: Pick<Booking, 'start_date' | 'end_date'>): string =>
  booking.start_date === booking.end_date
    ? shortDay(booking.start_date, true)
    : `${shortDay(booking.start_date)} – ${shortDay(booking.end_date, true)}`;

/** "10:00–16:00", "from 10:00", or '' when no time is set. */
export function bookingTimes(booking: Pick<Booking, 'start_time' | 'end_time'>): string {
  const { start_time: start, end_time: end } = booking;
  if (start && end) return `${start}–${end}`;
  if (start) return `from ${start}`;
  return end ? `until ${end}` : '';
}

/** Each day of `days` with the bookings on it, in order of their start time. */
export function bookingsByDay(bookings: readonly Booking[], days: readonly string[]): Map<string, Booking[]> {
  const byDay = new Map<string, Booking[]>(days.map((day) => [day, []]));
  for (const booking of bookings)
    for (const [day, list] of byDay)
      if (booking.start_date <= day && day <= booking.end_date) list.push(booking);
  for (const list of byDay.values())
    list.sort((a, b) => (a.start_time ?? '').localeCompare(b.start_time ?? '') || a.id - b.id);
  return byDay;
}
