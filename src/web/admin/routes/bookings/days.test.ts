import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/schemas/bookings.ts';
import {
  bookingDays,
  bookingsByDay,
  bookingTimes,
  longDay,
  monthName,
  monthRange,
  monthWeeks,
  parseMonth,
  shiftMonth,
} from './days.ts';

describe('months', () => {
  it('moves across years and knows each month length', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthName('2026-08')).toBe('August 2026');
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-08')).toBe('2026-08');
  });

  it('lays a month out in weeks starting on Monday', () => {
    const weeks = monthWeeks('2026-08');
    expect(weeks[0]![0]).toBe('2026-07-27');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-09-06');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(longDay('2026-08-14')).toBe('Friday 14 August 2026');
  });
});

describe('bookings by day', () => {
  const booking = (id: number, start: string, end: string, time: string | null) =>
    ({ id, start_date: start, end_date: end, start_time: time, end_time: null }) as Booking;

  it('puts a booking on each of its days, earliest start first', () => {
    const byDay = bookingsByDay(
      [booking(1, '2026-08-14', '2026-08-16', '12:00'), booking(2, '2026-08-15', '2026-08-15', '09:00')],
      ['2026-08-14', '2026-08-15', '2026-08-17'],
    );
    expect(byDay.get('2026-08-14')!.map((b) => b.id)).toEqual([1]);
    expect(byDay.get('2026-08-15')!.map((b) => b.id)).toEqual([2, 1]);
    expect(byDay.get('2026-08-17')).toEqual([]);
    expect(bookingDays(booking(1, '2026-08-14', '2026-08-16', null))).toBe('Fri 14 Aug – Sun 16 Aug 2026');
    expect(bookingTimes({ start_time: '10:00', end_time: '16:00' })).toBe('10:00–16:00');
  });
});
