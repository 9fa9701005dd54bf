import { describe, expect, it } from 'vitest';
import { DATE_RANGE } from '../constants.ts';
import { calendarDay, DAY_PATTERN, INSTANT_PATTERN, instantString } from './dates.ts';

/** Every day from `from` to `to`, by the calendar (not by the pattern under test). */
function* days(from: string, to: string) {
  for (let at = Date.parse(from); at <= Date.parse(to); at += 86_400_000)
    yield new Date(at).toISOString().slice(0, 10);
}

describe('the dates the API takes (decision 0458)', () => {
  it('takes every real day of DATE_RANGE and nothing either side of it', () => {
    const accepted = [...days(DATE_RANGE.firstDay, DATE_RANGE.lastDay)].filter(
      (day) => !DAY_PATTERN.test(day),
    );
    expect(accepted).toEqual([]);
    for (const day of [...days('1999-12-01', '1999-12-31'), ...days('2100-01-01', '2100-03-31')])
      expect(DAY_PATTERN.test(day), day).toBe(false);
    for (const notADay of [
      '2026-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '+010000-01-01',
    ])
      expect(DAY_PATTERN.test(notADay), notADay).toBe(false);
  });

  it('tells a day outside the range from what is no day at all', () => {
    expect(calendarDay.safeParse('9999-12-31').error?.issues[0]?.message).toBe(
      'must be a day from 2000-01-01 to 2099-12-31',
    );
    expect(calendarDay.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'must be a date in the form YYYY-MM-DD',
    );
    expect(instantString.safeParse('9999-12-31T23:59:59Z').error?.issues[0]?.message).toBe(
      'must be a date and time from 2000-01-01 to 2099-12-31',
    );
  });

  it('takes an instant with seconds and an offset whose day is in the range', () => {
    for (const value of [
      '2026-12-05T09:00:00Z',
      '2099-12-31T23:59:59.999-05:00',
      '2000-01-01T00:00:00+01:00',
    ])
      expect(INSTANT_PATTERN.test(value), value).toBe(true);
    for (const value of [
      '1999-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z',
      '2026-12-05T09:00Z',
      '2026-12-05T09:00:00',
    ])
      expect(INSTANT_PATTERN.test(value), value).toBe(false);
  });
});
