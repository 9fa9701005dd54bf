import { describe, expect, it } from 'vitest';
import { reportWeekDue } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);

// Monday 08:00 Europe/London is 07:00 UTC in summer time and 08:00 UTC in winter; the clocks change
// on the Sunday before the Mondays below (29 March and 25 October 2026).
describe('when the weekly report is due', () => {
  it('is Monday 08:00 London summer time (07:00 UTC) the day after the clocks go forward', () => {
    expect(reportWeekDue(at('2026-03-30T06:59:59Z'))).toBeUndefined();
    expect(reportWeekDue(at('2026-03-30T07:00:00Z'))).toBe('2026-03-30');
  });

  it('is Monday 08:00 London winter time (08:00 UTC) the day after the clocks go back', () => {
    expect(reportWeekDue(at('2026-10-26T07:30:00Z'))).toBeUndefined();
    expect(reportWeekDue(at('2026-10-26T08:00:00Z'))).toBe('2026-10-26');
  });

  it('stays due until London midnight, so a server down at 08:00 sends it later that day, never days later', () => {
    expect(reportWeekDue(at('2026-03-30T22:59:00Z'))).toBe('2026-03-30'); // 23:59 BST
    expect(reportWeekDue(at('2026-03-30T23:00:00Z'))).toBeUndefined(); // Tuesday 00:00 BST
    expect(reportWeekDue(at('2026-10-26T23:59:00Z'))).toBe('2026-10-26');
    expect(reportWeekDue(at('2026-10-27T09:00:00Z'))).toBeUndefined();
  });

  it('is never due on another day of the week', () => {
    for (const day of [20, 21, 22, 23, 24, 25, 27])
      // Tuesday 20 to Sunday 25 October, then Tuesday
      expect(reportWeekDue(at(`2026-10-${day}T09:00:00Z`)), `October ${day}`).toBeUndefined();
    expect(reportWeekDue(at('2026-11-30T09:00:00Z'))).toBe('2026-11-30');
  });
});
