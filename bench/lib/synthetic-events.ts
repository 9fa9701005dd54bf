// Visits as the landing page's two trackers report them (src/web/public/tracking): a page_view, then
// for each section scrolled into view an impression, a dwell when it leaves view and, when it was seen
// for 2 s or more, a section_view; now and then a call-to-action click or an enquiry. A quarter of the
// visits come back from a visitor seen in the 30 days before (the session_id cookie's life), so
// sessions span several days as real ones do. Deterministic: the same arguments give the same events.
import type { IncomingEvent } from '../../src/server/features/analytics/deps.ts';

export type SyntheticEvent = IncomingEvent & { created_at: number };

export interface SyntheticOptions {
  count: number;
  /** The newest event's time; the events are spread evenly over the `spanDays` before it. */
  endMs: number;
  spanDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SECTIONS = [
  'hero',
  'events',
  'why-choose',
  'game-modes',
  'gallery',
  'about',
  'testimonials',
  'contact',
];
const CALLS_TO_ACTION = ['BOOK THE RANGE', 'SEE NEXT EVENTS', 'Events', 'Contact'];
const REFERRERS = [
  null,
  null,
  'https://www.google.com/',
  'https://www.instagram.com/',
  'https://www.facebook.com/',
];
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];
const RETURNING_SHARE = 0.25;
const COOKIE_DAYS = 30;
/** Events in an average visit of the generator below; sets how far back a returning visitor reaches. */
const MEAN_EVENTS_PER_VISIT = 14;

/** mulberry32: small, fast and good enough to make visits look different from one another. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A UUID-shaped id (as the browser's crypto.randomUUID gives) that is a pure function of `n`. */
function uuidFor(prefix: number, n: number): string {
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  const a = hex(Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ prefix);
  const b = hex(Math.imul(n, 0xc2b2ae35) + prefix);
  const c = hex(n);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-8${c.slice(1, 4)}-${c.slice(4)}${a.slice(0, 4)}${b.slice(0, 4)}`;
}

const pick = <T>(random: () => number, items: readonly T[]) => items[Math.floor(random() * items.length)]!;

interface Visit {
  sessionId: string;
  page: string;
  referrer: string | null;
  userAgent: string;
}

/** The source label the tracking route gives a page view with this referrer and no campaign tags. */
const SOURCE_OF_REFERRER = new Map(
  REFERRERS.map((referrer) => [
    referrer,
    referrer ? new URL(referrer).hostname.replace(/^www\./, '') : 'direct',
  ]),
);

// One object literal for every event keeps them all the same shape, which V8 handles fastest:
// ten million events must be made in seconds.
const event = (
  visit: Visit,
  eventType: SyntheticEvent['event_type'],
  fields: { element?: string; section?: string; viewId?: string; dwellMs?: number } = {},
): SyntheticEvent => ({
  event_type: eventType,
  page: visit.page,
  element: fields.element ?? null,
  section: fields.section ?? null,
  session_id: visit.sessionId,
  view_id: fields.viewId ?? null,
  dwell_ms: fields.dwellMs ?? null,
  referrer: visit.referrer,
  user_agent: visit.userAgent,
  source: eventType === 'page_view' ? SOURCE_OF_REFERRER.get(visit.referrer)! : null,
  created_at: 0,
});

/** One visit's events in the order the trackers send them; the caller stamps their times. */
function visitEvents(random: () => number, sessionId: string, visitIndex: number): SyntheticEvent[] {
  const visit: Visit = {
    sessionId,
    page: random() < 0.95 ? '/' : '/privacy-policy',
    referrer: pick(random, REFERRERS),
    userAgent: pick(random, USER_AGENTS),
  };
  const events = [event(visit, 'page_view')];
  const sectionsSeen = 1 + Math.floor(random() * SECTIONS.length);
  for (let s = 0; s < sectionsSeen; s += 1) {
    const section = SECTIONS[s]!;
    const dwellMs = Math.floor(500 + random() * 40_000);
    events.push(event(visit, 'section_impression', { section }));
    // Only views of 2 s or more are reported (MIN_SECTION_VIEW_MS).
    if (dwellMs >= 2000) {
      const viewId = uuidFor(0x5eed, visitIndex * 16 + s);
      events.push(event(visit, 'section_view', { element: section, viewId, dwellMs }));
    }
    events.push(event(visit, 'section_dwell', { section, dwellMs }));
  }
  if (random() < 0.3) events.push(event(visit, 'button_click', { element: pick(random, CALLS_TO_ACTION) }));
  if (random() < 0.03) events.push(event(visit, 'form_submit', { element: 'enquiry-form' }));
  return events;
}

/** `count` events, oldest first, one every `spanDays / count`. */
export function* syntheticEvents(options: SyntheticOptions): Generator<SyntheticEvent> {
  const { count, endMs, spanDays } = options;
  const random = randomSource(42);
  const startMs = endMs - spanDays * DAY_MS;
  const visitsPerCookieLife = Math.max(
    1,
    Math.floor((count / MEAN_EVENTS_PER_VISIT / spanDays) * COOKIE_DAYS),
  );
  // visitorOf[v]: the visitor (numbered by their first visit) who made visit v.
  const visitorOf: number[] = [];
  let produced = 0;
  for (let visitIndex = 0; produced < count; visitIndex += 1) {
    const returning = visitIndex > 0 && random() < RETURNING_SHARE;
    const earlier = visitIndex - 1 - Math.floor(random() * Math.min(visitIndex, visitsPerCookieLife));
    visitorOf.push(returning ? visitorOf[earlier]! : visitIndex);
    for (const made of visitEvents(random, uuidFor(0xc0ffee, visitorOf[visitIndex]!), visitIndex)) {
      if (produced === count) return;
      made.created_at = startMs + Math.floor(((endMs - startMs) * produced) / count);
      yield made;
      produced += 1;
    }
  }
}
