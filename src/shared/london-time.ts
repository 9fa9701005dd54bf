// Wall-clock times in Europe/London, as the owner types and reads them ("Fri 5 Dec 09:00"), and the
// instants they stand for. A time typed in the admin means UK time wherever the browser is.
import { ANALYTICS_TIME_ZONE } from './constants.ts';

const MINUTE_MS = 60 * 1000;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ANALYTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The London wall-clock reading of an instant, as a datetime-local value 'YYYY-MM-DDTHH:mm'. */
export function londonLocalValue(epochMs: number): string {
  const get = (type: string) => parts.formatToParts(epochMs).find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/**
 * The instant a London wall-clock time 'YYYY-MM-DDTHH:mm' stands for, or undefined when it is not a
 * time. In the hour the clocks go back (01:00–02:00 twice) it is the first; in the hour skipped when
 * they go forward, the time an hour later — as a phone's clock would read it.
 */
export function londonLocalToEpoch(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(asUtc).getUTCMonth() !== mo - 1 || h > 23 || mi > 59) return undefined;
  // London is UTC+0 or UTC+1: try the earlier reading first.
  for (const offsetHours of [1, 0]) {
    const candidate = asUtc - offsetHours * 60 * MINUTE_MS;
    if (londonLocalValue(candidate) === value) return candidate;
  }
  return asUtc; // the skipped hour: read as UTC+0, i.e. an hour later on the new clock
}

const display = new Intl.DateTimeFormat('en-GB', {
  timeZone: ANALYTICS_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Fri 5 Dec 09:00" in London time. */
export const londonDisplayTime = (epochMs: number) => display.format(epochMs).replace(',', '');

/**
 * What a London clock-change day does to the wall-clock time 'HH:MM' on `day` ('YYYY-MM-DD'):
 * 'skipped' when the clocks jump over it (the last Sunday of March, 01:00–01:59), 'repeated' when
 * they read it twice (the last Sunday of October, 01:00–01:59), undefined on every other day and time.
 * Counted from the zone's own rules, so it holds whatever the year.
 */
export function londonClockChange(day: string, time: string): 'skipped' | 'repeated' | undefined {
  const value = `${day}T${time}`;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // London is UTC+0 or UTC+1: the time is read at one, both or neither of these instants.
  const readings = [asUtc - 60 * MINUTE_MS, asUtc].filter((at) => londonLocalValue(at) === value).length;
  if (readings === 0) return 'skipped';
  return readings === 2 ? 'repeated' : undefined;
}
