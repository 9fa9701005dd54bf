// Per-client limits on the tracking routes (issue 9; docs/decisions/0402): one client — an address,
// or a session id — cannot fill this instance's event queue and get everyone else 503s. Counted in
// memory per instance: the queue they protect is per instance too, and a database write per event
// would cost more than the event itself.
import { TRACKED_SOURCES_PER_ADDRESS } from '#shared/constants.ts';
import { DIRECT_SOURCE } from '#shared/schemas/enquiry-source.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { createWindowLimiter, MAX_KEYS_PER_WINDOW } from '../../lib/window-limiter.ts';

const MINUTE_MS = 60 * 1000;

/**
 * Whether a page view from this address may give its session this source (decision 0435): each
 * address gives at most TRACKED_SOURCES_PER_ADDRESS.max distinct sources a window, "direct" aside.
 * A source the address already gave is given again. In memory like the other tracking limits, and
 * bounded like them: once a window holds MAX_KEYS_PER_WINDOW (address, source) pairs, no new pair is
 * admitted until it turns.
 */
function createSourceLimit(clock: Clock) {
  const windowMs = TRACKED_SOURCES_PER_ADDRESS.windowMinutes * MINUTE_MS;
  let given = new Map<string, Set<string>>();
  let pairs = 0;
  let windowEnd = 0;
  return (ip: string, source: string): boolean => {
    if (source === DIRECT_SOURCE) return true;
    const now = clock.now();
    // A clock set back starts a new window too, as in the window limiter.
    if (now >= windowEnd || now < windowEnd - windowMs) {
      given = new Map();
      pairs = 0;
      windowEnd = now + windowMs;
    }
    const address = rateLimitAddress(ip);
    const sources = given.get(address) ?? new Set<string>();
    if (sources.has(source)) return true;
    if (sources.size >= TRACKED_SOURCES_PER_ADDRESS.max || pairs >= MAX_KEYS_PER_WINDOW) return false;
    sources.add(source);
    given.set(address, sources);
    pairs += 1;
    return true;
  };
}

export function createTrackingLimits(clock: Clock, perMinute: { perAddress: number; perSession: number }) {
  const byAddress = createWindowLimiter(clock, { max: perMinute.perAddress, windowMs: MINUTE_MS });
  const bySession = createWindowLimiter(clock, { max: perMinute.perSession, windowMs: MINUTE_MS });
  return {
    /**
     * False when the page view's source would be one too many for its address: the event is then
     * recorded without one, so its session keeps the source it has, or stays without.
     */
    admitsSource: createSourceLimit(clock),
    /**
     * Counts one event from this client: 0 when it may go on, else the milliseconds until its limit
     * resets. The address is keyed like the login limits (IPv6 /64), so rotating addresses within one
     * connection or inventing session ids gains nothing.
     */
    hit(ip: string, sessionId: string | null): number {
      const waitMs = byAddress.hit(rateLimitAddress(ip));
      if (waitMs > 0 || sessionId === null) return waitMs;
      return bySession.hit(sessionId);
    },
  };
}

export type TrackingLimits = ReturnType<typeof createTrackingLimits>;
