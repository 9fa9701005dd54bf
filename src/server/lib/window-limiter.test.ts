import { describe, expect, it } from 'vitest';
import { createWindowLimiter, retryAfterSeconds } from './window-limiter.ts';

const clockAt = (start: number) => {
  const clock = { t: start, now: () => clock.t };
  return clock;
};

describe('createWindowLimiter', () => {
  it('allows `max` hits per key in a window, then says how long until it turns', () => {
    const clock = clockAt(1_000_000);
    const limiter = createWindowLimiter(clock, { max: 2, windowMs: 60_000 });
    expect([limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0]);
    clock.t += 15_000;
    expect(limiter.hit('a')).toBe(45_000);
    expect(limiter.hit('b')).toBe(0);
    clock.t += 45_000;
    expect(limiter.hit('a')).toBe(0);
  });

  it('starts a new window when the clock is set back, rather than holding the old counts', () => {
    const clock = clockAt(10_000_000);
    const limiter = createWindowLimiter(clock, { max: 1, windowMs: 60_000 });
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBeGreaterThan(0);
    clock.t -= 60 * 60_000;
    expect(limiter.hit('a')).toBe(0);
  });

  it('holds at most `maxKeys` keys a window: new ones wait, the ones already counted carry on', () => {
    const clock = clockAt(0);
    const limiter = createWindowLimiter(clock, { max: 5, windowMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) expect(limiter.hit(key)).toBe(0);
    expect(limiter.hit('d')).toBe(60_000);
    expect(limiter.hit('a')).toBe(0);
    clock.t = 60_000;
    expect(limiter.hit('d')).toBe(0);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, never below one', () => {
    expect(retryAfterSeconds(45_000)).toBe('45');
    expect(retryAfterSeconds(1_001)).toBe('2');
    expect(retryAfterSeconds(1)).toBe('1');
  });
});
