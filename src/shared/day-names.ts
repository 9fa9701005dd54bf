// A calendar day ('YYYY-MM-DD', already London's) as people read it — "Fri 14 Aug 2026", "Friday 14
// August 2026" — in one function for the server's mails and pages, the admin and the public pages.
// Written by hand, not with Intl, so every Node version and browser prints the same text: ICU writes
// "Sept" in some versions and "Sep" in others, and a comma after the weekday in some (decision 0479).

/** The days of the week, Sunday first (as Date.getUTCDay() counts). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTH_NAMES = [
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

/** How much of each part is written: a short name is the first three letters ("Fri", "Sep"). */
export interface DayStyle {
  weekday?: 'short' | 'long' | false;
  month?: 'short' | 'long';
  year?: boolean;
}

/** The full date: "Friday 14 August 2026". */
export const LONG_DAY: DayStyle = { weekday: 'long', month: 'long' };

/**
 * "Fri 14 Aug 2026" (the default style), "Friday 14 August 2026" (LONG_DAY), "Fri 14 Aug" (no year),
 * "14 Aug" (no weekday either);
 * anything that is not a calendar day is returned as it is.
 */
export function formatDay(
  day: string,
  { weekday = 'short', month = 'short', year = true }: DayStyle = {},
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return day;
  const weekdayName = WEEKDAY_NAMES[date.getUTCDay()]!;
  const monthName = MONTH_NAMES[m - 1]!;
  const text = [
    weekday === 'long' ? weekdayName : weekdayName.slice(0, 3),
    d,
    month === 'long' ? monthName : monthName.slice(0, 3),
  ]
    .slice(weekday === false ? 1 : 0)
    .join(' ');
  return year ? `${text} ${match[1]}` : text;
}
