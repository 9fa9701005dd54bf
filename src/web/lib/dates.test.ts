import { describe, expect, it } from 'vitest';
import { dateTile, formatEventDate, upcomingEvents } from './dates.ts';

describe('formatEventDate', () => {
  it('prints a day the British way', () => {
    expect(formatEventDate('2026-12-12')).toBe('Sat 12 December 2026');
    expect(formatEventDate('2025-02-27')).toBe('Thu 27 February 2025');
    expect(dateTile('2026-09-05')).toEqual({ month: 'SEP', date: '5' });
  });

  it('leaves anything else alone', () => {
    expect(formatEventDate('soon')).toBe('soon');
  });
});

describe('upcomingEvents', () => {
  const event = (id: number, date: string) => ({ id, date, order: 0 });

  it('keeps today and later, ascending, at most three', () => {
    const events = [
      event(1, '2026-05-01'),
      event(2, '2026-03-01'),
      event(3, '2026-02-28'),
      event(4, '2026-04-01'),
      event(5, '2026-03-15'),
      event(6, '2026-03-01'),
    ];
    expect(upcomingEvents(events, '2026-03-01').map((e) => e.id)).toEqual([2, 6, 5]);
  });

  it('is empty when everything is past', () => {
    expect(upcomingEvents([event(1, '2020-01-01')], '2026-01-01')).toEqual([]);
  });
});
