import { describe, expect, it } from 'vitest';
import { barHeight, exportFileName, seconds, sectionLabel, shortDay } from './format.ts';

describe('analytics labels', () => {
  it('scales bars to the busiest day, at most 200 px, and keeps small days visible', () => {
    expect(barHeight(50, 50)).toBe(200);
    expect(barHeight(25, 50)).toBe(100);
    expect(barHeight(1, 1000)).toBe(2);
    expect(barHeight(0, 10)).toBe(0);
    expect(barHeight(0, 0)).toBe(0);
  });

  it('prints short days, seconds with one decimal and the export name', () => {
    expect(shortDay('2025-11-23')).toBe('23 Nov');
    expect(seconds(12)).toBe('12.0s');
    expect(seconds(3.14159)).toBe('3.1s');
    expect(exportFileName(new Date(Date.UTC(2025, 0, 5, 10)))).toBe('analytics_2025-01-05.csv');
    // Just after midnight in a British summer: already the next day in London, not yet in UTC.
    expect(exportFileName(new Date(Date.UTC(2025, 6, 5, 23, 30)))).toBe('analytics_2025-07-06.csv');
    expect(sectionLabel('why-choose')).toBe('Why choose');
  });
});
