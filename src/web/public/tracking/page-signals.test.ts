import { describe, expect, it } from 'vitest';
import { isSectionVisible } from './page-signals.ts';

const entry = (ratio: number, visibleHeight: number, screenHeight: number | null) => ({
  isIntersecting: ratio > 0,
  intersectionRatio: ratio,
  intersectionRect: { height: visibleHeight } as DOMRectReadOnly,
  rootBounds: screenHeight === null ? null : ({ height: screenHeight } as DOMRectReadOnly),
});

describe('isSectionVisible', () => {
  it('counts a section when at least half of it is on screen', () => {
    expect(isSectionVisible(entry(0.5, 200, 844))).toBe(true);
    expect(isSectionVisible(entry(0.49, 196, 844))).toBe(false);
    expect(isSectionVisible(entry(0, 0, 844))).toBe(false);
  });

  it('counts a section too tall to be half visible once it fills half the screen', () => {
    // A 3000 px section on an 844 px phone screen can show at most 28 % of itself.
    expect(isSectionVisible(entry(422 / 3000, 422, 844))).toBe(true);
    expect(isSectionVisible(entry(421 / 3000, 421, 844))).toBe(false);
    expect(isSectionVisible(entry(0.28, 844, null))).toBe(false);
  });
});
