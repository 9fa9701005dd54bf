// When a hold lapses (docs/decisions/0467): the earlier of HOLD_DAYS after it was made and 00:00 London
// on the day HOLD_LEAD_DAYS before its first day; never already gone when it is set.
import { describe, expect, it } from 'vitest';
import { holdLapse } from './hold-lapse.ts';

const terms = { holdDays: 14, leadDays: 2 };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
/** A hold made at `made` (and set then) for a booking starting on `firstDay`. */
const lapseOf = (made: string, firstDay: string, given = terms) =>
  iso(holdLapse(at(made), firstDay, at(made), given));

describe('when a hold lapses', () => {
  it('lasts HOLD_DAYS for a booking far ahead', () => {
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-08-14')).toBe('2026-06-29T12:00:00.000Z');
  });

  it('lapses at 00:00 London two days before the first day when that comes first', () => {
    // Made Monday 13:00 BST for Thursday: gone at the start of Tuesday.
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-18')).toBe('2026-06-15T23:00:00.000Z');
    // Either side of the HOLD_DAYS boundary.
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-07-01')).toBe('2026-06-28T23:00:00.000Z');
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-07-02')).toBe('2026-06-29T12:00:00.000Z');
  });

  it('holds to the end of the day before when the lead day has already begun', () => {
    // Made Monday afternoon for Wednesday (the lead day is today) and for Tuesday.
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-17')).toBe('2026-06-16T23:00:00.000Z');
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-16')).toBe('2026-06-15T23:00:00.000Z');
    // Made at the very first instant of the lead day: that day has begun.
    expect(lapseOf('2026-06-15T23:00:00Z', '2026-06-18')).toBe('2026-06-17T23:00:00.000Z');
    // One millisecond before it, the lead day's start is still ahead.
    expect(lapseOf('2026-06-15T22:59:59.999Z', '2026-06-18')).toBe('2026-06-15T23:00:00.000Z');
  });

  it('holds a booking made on its first day to the end of that day', () => {
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-15')).toBe('2026-06-15T23:00:00.000Z');
    expect(lapseOf('2026-12-15T08:00:00Z', '2026-12-15')).toBe('2026-12-16T00:00:00.000Z');
  });

  it('takes London midnight on the days the clocks change', () => {
    // Spring 2027 (forward on Sunday 28 March): that day starts in GMT, the next in BST.
    expect(lapseOf('2027-03-22T12:00:00Z', '2027-03-30')).toBe('2027-03-28T00:00:00.000Z');
    expect(lapseOf('2027-03-22T12:00:00Z', '2027-03-31')).toBe('2027-03-28T23:00:00.000Z');
    // Autumn 2026 (back on Sunday 25 October): that day starts in BST, the next in GMT.
    expect(lapseOf('2026-10-19T12:00:00Z', '2026-10-27')).toBe('2026-10-24T23:00:00.000Z');
    expect(lapseOf('2026-10-19T12:00:00Z', '2026-10-28')).toBe('2026-10-26T00:00:00.000Z');
    // Booked at short notice across the change: the first day's own start, in its own offset.
    expect(lapseOf('2026-10-25T09:00:00Z', '2026-10-26')).toBe('2026-10-26T00:00:00.000Z');
    expect(lapseOf('2027-03-28T09:00:00Z', '2027-03-29')).toBe('2027-03-28T23:00:00.000Z');
  });

  it('follows HOLD_LEAD_DAYS and HOLD_DAYS as configured', () => {
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-20', { holdDays: 14, leadDays: 0 })).toBe(
      '2026-06-19T23:00:00.000Z',
    );
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-30', { holdDays: 14, leadDays: 7 })).toBe(
      '2026-06-22T23:00:00.000Z',
    );
    expect(lapseOf('2026-06-15T12:00:00Z', '2026-06-30', { holdDays: 3, leadDays: 2 })).toBe(
      '2026-06-18T12:00:00.000Z',
    );
  });

  it('after a change of dates, counts its age from when it was made and its day from the change', () => {
    const made = at('2026-06-10T12:00:00Z');
    const changed = at('2026-06-15T12:00:00Z');
    // Moved to tomorrow: the lead day has gone by the change, so it holds to the end of today —
    // never a lapse already past, which would cancel the hold the owner has just edited.
    expect(iso(holdLapse(made, '2026-06-16', changed, terms))).toBe('2026-06-15T23:00:00.000Z');
    // Moved to five days away: two days before it.
    expect(iso(holdLapse(made, '2026-06-20', changed, terms))).toBe('2026-06-17T23:00:00.000Z');
    // Moved far ahead: no later than HOLD_DAYS from when it was made.
    expect(iso(holdLapse(made, '2026-09-01', changed, terms))).toBe('2026-06-24T12:00:00.000Z');
  });
});
