import { describe, expect, it } from 'vitest';
import { londonClockChange, londonDisplayTime, londonLocalToEpoch, londonLocalValue } from './london-time.ts';

describe('London wall-clock times', () => {
  it('reads a typed time as UK time in winter and in summer', () => {
    expect(londonLocalToEpoch('2026-12-05T09:00')).toBe(Date.parse('2026-12-05T09:00:00Z'));
    expect(londonLocalToEpoch('2026-06-05T09:00')).toBe(Date.parse('2026-06-05T08:00:00Z'));
    expect(londonLocalValue(Date.parse('2026-06-05T08:00:00Z'))).toBe('2026-06-05T09:00');
  });

  it('takes the first of the repeated hour and moves the skipped hour on, as a clock would', () => {
    expect(londonLocalToEpoch('2026-10-25T01:30')).toBe(Date.parse('2026-10-25T00:30:00Z')); // BST reading
    expect(londonLocalToEpoch('2026-03-29T01:30')).toBe(Date.parse('2026-03-29T01:30:00Z')); // 02:30 BST
  });

  it('knows the times a clock-change day skips or reads twice, and no others', () => {
    expect(londonClockChange('2026-03-29', '01:00')).toBe('skipped');
    expect(londonClockChange('2026-03-29', '01:59')).toBe('skipped');
    expect(londonClockChange('2026-10-25', '01:00')).toBe('repeated');
    expect(londonClockChange('2026-10-25', '01:59')).toBe('repeated');
    expect(londonClockChange('2031-03-30', '01:30')).toBe('skipped');
    for (const [day, time] of [
      ['2026-03-29', '00:59'],
      ['2026-03-29', '02:00'],
      ['2026-10-25', '00:59'],
      ['2026-10-25', '02:00'],
      ['2026-03-28', '01:30'],
      ['2026-07-01', '01:30'],
    ] as const)
      expect(londonClockChange(day, time), `${day} ${time}`).toBeUndefined();
  });

  it('refuses what is not a time', () => {
    for (const value of ['', '2026-02-30T09:00', '2026-12-05 09:00', '2026-12-05T24:00', 'tomorrow'])
      expect(londonLocalToEpoch(value), value).toBeUndefined();
  });

  it('shows a time as an owner reads it', () => {
    expect(londonDisplayTime(Date.parse('2026-12-05T09:00:00Z'))).toBe('Sat 5 Dec 09:00');
  });
});
