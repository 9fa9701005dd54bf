// Helpers for analytics tests: an event as the tracking route hands it to the service, and queueing
// one as if it had arrived at a given time.
import { expect } from 'vitest';
import type { IncomingEvent } from '../features/analytics/deps.ts';
import type { TestContext } from './harness.ts';

/** A desktop browser's user agent: counted as a visitor, not a bot. */
export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

/** A browser's view of the home page, with the fields a test names changed. */
export const pageView = (overrides: Partial<IncomingEvent> = {}): IncomingEvent => ({
  event_type: 'page_view',
  page: '/',
  element: null,
  section: null,
  session_id: null,
  view_id: null,
  dwell_ms: null,
  referrer: null,
  user_agent: BROWSER_AGENT,
  ...overrides,
});

/** Queues an event as if it arrived at `at`, then restores the clock. */
export function eventAt(ctx: TestContext, at: number, overrides: Partial<IncomingEvent>) {
  const before = ctx.clock.now();
  ctx.clock.set(at);
  expect(ctx.services.analytics.enqueue(pageView(overrides))).toBe(true);
  ctx.clock.set(before);
}
