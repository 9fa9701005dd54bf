// One way to write a calendar day, the same on every Node version and browser (decision 0479).
import { describe, expect, it } from 'vitest';
import { formatDay, LONG_DAY } from './day-names.ts';

describe('formatDay', () => {
  it('writes the styles the mails, pages and screens use', () => {
    expect(formatDay('2026-08-14')).toBe('Fri 14 Aug 2026');
    expect(formatDay('2026-08-14', LONG_DAY)).toBe('Friday 14 August 2026');
    expect(formatDay('2026-12-12', { month: 'long' })).toBe('Sat 12 December 2026');
    expect(formatDay('2025-11-18', { year: false })).toBe('Tue 18 Nov');
    expect(formatDay('2025-11-23', { weekday: false, year: false })).toBe('23 Nov');
  });

  it('writes September as "Sep" and no comma after the weekday, whatever ICU would', () => {
    expect(formatDay('2026-09-07')).toBe('Mon 7 Sep 2026');
    expect(formatDay('2026-09-07', LONG_DAY)).toBe('Monday 7 September 2026');
  });

  it('returns what is not a calendar day as it is', () => {
    for (const text of ['soon', '2026-02-30', '2026-8-14', '']) expect(formatDay(text)).toBe(text);
  });
});
