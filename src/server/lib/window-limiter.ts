// Per-instance request limits kept in memory, for cheap routes whose only resource at stake is this
// instance (its CPU, its analytics queue): one counter per key, all reset together when the window
// turns, so a request costs a map lookup. Limits that must hold across instances live in the database
// (enquiries/limits.ts, auth-limits) instead. docs/decisions/0402.
import type { Clock } from './clock.ts';

/**
 * Distinct keys one window may hold (about 10 MB). Beyond it a new key is refused until the window
 * turns: memory stays bounded even when a flood comes from many addresses, and the keys already
 * counted (the visitors seen first) carry on.
 */
export const MAX_KEYS_PER_WINDOW = 100_000;

export interface WindowLimiter {
  /** Counts a request for `key`: 0 while within the limit, else the milliseconds until it resets. */
  hit(key: string): number;
}

export function createWindowLimiter(
  clock: Clock,
  /** `max` is at least 1. */
  options: { max: number; windowMs: number; maxKeys?: number },
): WindowLimiter {
  const maxKeys = options.maxKeys ?? MAX_KEYS_PER_WINDOW;
  let counts = new Map<string, number>();
  let windowEnd = 0;
  return {
    hit(key) {
      const now = clock.now();
      // A clock set back (NTP, or a test) starts a new window too, rather than freezing this one.
      if (now >= windowEnd || now < windowEnd - options.windowMs) {
        counts = new Map();
        windowEnd = now + options.windowMs;
      }
      const count = counts.get(key);
      if (count === undefined) {
        if (counts.size >= maxKeys) return windowEnd - now;
        counts.set(key, 1);
        return 0;
      }
      if (count >= options.max) return windowEnd - now;
      counts.set(key, count + 1);
      return 0;
    },
  };
}

/** Retry-After in whole seconds (at least 1) for a wait in milliseconds. */
export const retryAfterSeconds = (waitMs: number) => String(Math.max(1, Math.ceil(waitMs / 1000)));
