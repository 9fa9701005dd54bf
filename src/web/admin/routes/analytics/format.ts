// Labels for the analytics screen. Chart dates are London calendar days ('YYYY-MM-DD').
import { formatDay } from '#shared/day-names.ts';

/** '23 Nov': the short day label under each bar. */
export const shortDay = (day: string) => formatDay(day, { weekday: false, year: false });
/** 'Sun 23 Nov 2025', for the tooltip and the table. */
export const longDay = (day: string) => formatDay(day);

/** Average time in seconds, one decimal ('12.5s'). */
export const seconds = (value: number) => `${value.toFixed(1)}s`;

export const count = (value: number) => value.toLocaleString('en-GB');

const LONDON_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO instant as London wall time ('Tue 24 Nov, 09:05'). */
export const londonTime = (iso: string) => LONDON_TIME.format(new Date(iso));

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'analytics_2025-11-23.csv', dated in London like the server's own reports. */
export const exportFileName = (now: Date = new Date()) => `analytics_${LONDON_DAY.format(now)}.csv`;

/** Section names as sent by the page ('why-choose', 'game_modes') read as words, as the reports say them. */
export { sectionName as sectionLabel } from '#shared/report-words.ts';

/** The bar height in px: scaled to the busiest day, at most `max` (200 px). */
export function barHeight(views: number, busiest: number, max = 200): number {
  if (busiest <= 0 || views <= 0) return 0;
  return Math.max(2, Math.round((views / busiest) * max));
}
