// First-party analytics: tracking events, summary and chart data (docs/product.md#analytics-ingestion,
// docs/product.md#analytics-definitions).
import { z } from 'zod';
import { stripControlCharacters, VISIBLE_CHARACTER } from '../control-characters.ts';
import { sourceIgnoredIfMalformed } from './enquiry-source.ts';
import {
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  ANALYTICS_LIMITS,
  TRACK_EVENT_TYPES,
  SECTION_EVENT_TYPES,
} from '../constants.ts';

export type TrackEventType = (typeof TRACK_EVENT_TYPES)[number];
export type SectionEventType = (typeof SECTION_EVENT_TYPES)[number];
export type AnalyticsEventType = TrackEventType | SectionEventType;

// No tracked value (a path, a label, an id, a user agent) needs a control character; they are removed.

/** Long URLs and user agents are cut rather than refused: losing the event would be worse. */
const clipped = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .nullish()
    .transform((value) => (value ? stripControlCharacters(value).slice(0, max) || null : null));

const identifier = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? stripControlCharacters(value) || null : null));

const milliseconds = (missing: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? missing : 'must be a number of milliseconds',
    })
    .int('must be a whole number of milliseconds')
    .min(0, 'must not be negative')
    .max(ANALYTICS_LIMITS.maxDwellMs, 'must be at most 24 hours');

const dwellMs = milliseconds('must be a number of milliseconds')
  .nullish()
  .transform((value) => value ?? null);

export const trackEventRequest = z.object({
  event_type: z.enum(TRACK_EVENT_TYPES, { error: `must be one of ${TRACK_EVENT_TYPES.join(', ')}` }),
  page: clipped(ANALYTICS_LIMITS.url),
  element: identifier(ANALYTICS_LIMITS.name),
  session_id: identifier(ANALYTICS_LIMITS.id),
  view_id: identifier(ANALYTICS_LIMITS.id),
  /** section_view: the time the section was visible (tracker 1); ignored for other types. */
  dwell_ms: dwellMs,
  referrer: clipped(ANALYTICS_LIMITS.url),
  user_agent: clipped(ANALYTICS_LIMITS.userAgent),
  /**
   * page_view: the visit's campaign tags and referring host, read as for an enquiry; the session is
   * counted under its label in "Bookings by source". Like there, a malformed one is ignored, never refused.
   */
  source: sourceIgnoredIfMalformed,
});
export type TrackEventRequest = z.infer<typeof trackEventRequest>;

const sectionName = z
  .string({ error: 'is required' })
  .regex(VISIBLE_CHARACTER, 'is required')
  .meta({ maxLength: ANALYTICS_LIMITS.name })
  .transform(stripControlCharacters)
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'is required')
      .max(ANALYTICS_LIMITS.name, `must be at most ${ANALYTICS_LIMITS.name} characters`),
  );

const sectionEventFields = {
  section_name: sectionName,
  session_id: identifier(ANALYTICS_LIMITS.id),
  page: clipped(ANALYTICS_LIMITS.url),
  referrer: clipped(ANALYTICS_LIMITS.url),
};

/**
 * A section impression, or the time a section was in view (its `dwell_ms` required): one shape per
 * `event_type`, so the document says which needs what. Extra fields an older page sends are ignored.
 */
export const sectionEventRequest = z.discriminatedUnion(
  'event_type',
  [
    z
      .object({ event_type: z.literal('section_impression'), ...sectionEventFields, dwell_ms: dwellMs })
      .loose(),
    z
      .object({
        event_type: z.literal('section_dwell'),
        ...sectionEventFields,
        dwell_ms: milliseconds('is required for section_dwell'),
      })
      .loose(),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `must be one of ${SECTION_EVENT_TYPES.join(', ')}`
        : 'The request body must be a JSON object',
  },
);
export type SectionEventRequest = z.infer<typeof sectionEventRequest>;

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** The periods as a query string spells them: only the plain spelling ("7", not "07" or "0x7"). */
const PERIOD_SPELLINGS = ANALYTICS_PERIODS.map(String) as [`${AnalyticsPeriod}`, ...`${AnalyticsPeriod}`[]];

export const periodQuery = z.object({
  days: z
    .enum(PERIOD_SPELLINGS, { error: `must be one of ${ANALYTICS_PERIODS.join(', ')}` })
    .default(`${DEFAULT_ANALYTICS_PERIOD}`)
    .transform((value) => Number(value) as AnalyticsPeriod),
});

export const analyticsSummary = z.object({
  total_page_views: z.number(),
  unique_visitors: z.number(),
  button_clicks: z.number(),
  form_submissions: z.number(),
  section_engagement: z.array(z.object({ section: z.string(), avg_time: z.number() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

export const summaryResponse = z.object({ success: z.literal(true), summary: analyticsSummary });

export const chartPoint = z.object({ date: z.string(), views: z.number() });
export const chartResponse = z.object({ success: z.literal(true), chart_data: z.array(chartPoint) });

/** GET /api/admin/analytics/ingest-stats: what this instance's ingestion did since it started. */
export const ingestStats = z.object({
  queued: z.number(),
  accepted: z.number(),
  written: z.number(),
  /** Refused with 429: the client (address or session) sent more than its limit per minute. */
  limited: z.number(),
  /** Answered 204 but not stored: the request carried no `cookie_consent=true`. */
  no_consent: z.number(),
  dropped_bots: z.number(),
  dropped_queue_full: z.number(),
  /** Refused by the database although it answered (a bug to report): dropped alone, the rest stored. */
  dropped_refused: z.number(),
  /** Still unwritten when shutdown's deadline passed (the database did not answer in time). */
  dropped_at_shutdown: z.number(),
  /** Writes that failed and were retried, split or put back in the queue. */
  failed_flushes: z.number(),
  /** When the database stopped answering writes (ISO time), or null while it answers. */
  database_down_since: z.string().nullable(),
});
export type IngestStats = z.infer<typeof ingestStats>;
