// The two tracking endpoints pages send events to (docs/product.md#tracking): consent-gated, rate-limited,
// bots dropped quietly, accepted events queued for the batched writer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '#shared/errors.ts';
import { ANALYTICS_LIMITS } from '#shared/constants.ts';
import {
  sectionEventRequest,
  trackEventRequest,
  type SectionEventRequest,
  type TrackEventRequest,
} from '#shared/schemas/analytics.ts';
import { sourceLabel } from '#shared/schemas/enquiry-source.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { retryAfterSeconds } from '../../lib/window-limiter.ts';
import { isBotUserAgent } from './bots.ts';
import type { TrackingLimits } from './client-limits.ts';
import type { IncomingEvent } from './deps.ts';
import type { AnalyticsService } from './service.ts';

/** The consent cookie (docs/product.md#consent); only a visitor who accepted has it set to `true`. */
const CONSENT_COOKIE = 'cookie_consent';

/** What a tracking call answers (see `acceptEvent` below), for the OpenAPI document. */
const TRACKING_ANSWERS = {
  204: 'Received: stored with consent, otherwise dropped (the answer does not say which)',
  429: 'Too many events from this browser: `Retry-After` says when to send again',
  503: 'Too many events right now; this one was not recorded',
};

/**
 * The consent-gated `session_id` cookie, for an event sent without one in its body. The
 * cookie only exists after consent, so this never identifies a visitor who declined.
 */
function sessionCookie(request: FastifyRequest): string | null {
  const value = request.cookies.session_id?.trim();
  return value && value.length <= ANALYTICS_LIMITS.id ? value : null;
}

/**
 * Decides an event's fate, cheapest check first: over its client's limit → 429; no consent
 * cookie → 204, not stored (tracking only after consent, whatever the page sent);
 * a bot → 204, dropped; queue full → 503; otherwise queued → 204, without its source when its
 * address has given too many. Each outcome is counted.
 */
function acceptEvent(
  { analytics, limits }: { analytics: AnalyticsService; limits: TrackingLimits },
  request: FastifyRequest,
  event: IncomingEvent,
  reply: FastifyReply,
) {
  const headerAgent = request.headers['user-agent'];
  reply.header('cache-control', 'no-store');
  const waitMs = limits.hit(request.ip, event.session_id);
  if (waitMs > 0) {
    analytics.countLimited();
    throw new HttpError(
      429,
      ERROR_CODES.rateLimited,
      'Too many tracking events from this browser; they were not recorded',
      { 'retry-after': retryAfterSeconds(waitMs) },
    );
  }
  if (request.cookies[CONSENT_COOKIE] !== 'true') {
    analytics.countNoConsent();
    return reply.code(204).send();
  }
  // Bots are dropped quietly (and counted): telling them apart would only teach them.
  if (isBotUserAgent(headerAgent) || (event.user_agent !== null && isBotUserAgent(event.user_agent))) {
    analytics.countBot();
    return reply.code(204).send();
  }
  // Session ids are the visitor's choice, so one address could invent a source per page view: past
  // its cap the page view is recorded without one (decision 0435).
  const attributed =
    event.source && !limits.admitsSource(request.ip, event.source) ? { ...event, source: null } : event;
  if (!analytics.enqueue(attributed)) {
    throw new HttpError(
      503,
      ERROR_CODES.unavailable,
      'Too many events right now; this one was not recorded',
      {
        'retry-after': '1',
      },
    );
  }
  return reply.code(204).send();
}

/** A page view, click or form event from /api/track. */
function trackedEvent(request: FastifyRequest, b: TrackEventRequest): IncomingEvent {
  const userAgent = request.headers['user-agent'];
  return {
    event_type: b.event_type,
    page: b.page,
    element: b.element,
    section: null,
    session_id: b.session_id ?? sessionCookie(request),
    view_id: b.view_id,
    // A section view's visible time; section engagement is computed from section_dwell only.
    dwell_ms: b.event_type === 'section_view' ? b.dwell_ms : null,
    referrer: b.referrer,
    // The event's own user_agent when sent, else the header; the client address is never kept.
    user_agent: b.user_agent ?? userAgent?.slice(0, ANALYTICS_LIMITS.userAgent) ?? null,
    source: b.event_type === 'page_view' && b.source ? sourceLabel(b.source) : null,
  };
}

/** A section impression or dwell time from /api/analytics/track. */
function sectionEvent(request: FastifyRequest, b: SectionEventRequest): IncomingEvent {
  const userAgent = request.headers['user-agent'];
  return {
    event_type: b.event_type,
    page: b.page,
    element: null,
    section: b.section_name,
    session_id: b.session_id ?? sessionCookie(request),
    view_id: null,
    // Impressions have no duration, whatever the client sent.
    dwell_ms: b.event_type === 'section_dwell' ? b.dwell_ms : null,
    referrer: b.referrer,
    user_agent: userAgent?.slice(0, ANALYTICS_LIMITS.userAgent) ?? null,
  };
}

export async function registerTrackingRoutes(
  app: FastifyInstance,
  analytics: AnalyticsService,
  limits: TrackingLimits,
): Promise<void> {
  const deps = { analytics, limits };
  // Tracking calls come from fetch and from navigator.sendBeacon, which can only send text/plain
  // without a CORS preflight. Only these two routes read a text/plain body as JSON.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: ANALYTICS_LIMITS.bodyBytes },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(badRequest('The request body is not valid JSON'), undefined);
        }
      },
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const options = { bodyLimit: ANALYTICS_LIMITS.bodyBytes, config: { answers: TRACKING_ANSWERS } };
    // Fields an older cached page still sends are ignored, never a reason to lose the event; the
    // document says so (additionalProperties allowed).
    api.post(
      '/api/track',
      { ...options, schema: { body: trackEventRequest.loose() } },
      async (request, reply) => acceptEvent(deps, request, trackedEvent(request, request.body), reply),
    );
    api.post(
      '/api/analytics/track',
      { ...options, schema: { body: sectionEventRequest } },
      async (request, reply) => acceptEvent(deps, request, sectionEvent(request, request.body), reply),
    );
  });
}
