// Per-client limits on the tracking routes (issue 9; docs/decisions/0402): one client — an address,
// or a session id — cannot fill this instance's event queue and get everyone else 503s. Counted in
// memory per instance: the queue they protect is per instance too, and a database write per event
// would cost more than the event itself.
import { rateLimitAddress } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { createWindowLimiter } from '../../lib/window-limiter.ts';

const MINUTE_MS = 60 * 1000;

export function createTrackingLimits(clock: Clock, perMinute: { perAddress: number; perSession: number }) {
  const byAddress = createWindowLimiter(clock, { max: perMinute.perAddress, windowMs: MINUTE_MS });
  const bySession = createWindowLimiter(clock, { max: perMinute.perSession, windowMs: MINUTE_MS });
  return {
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
