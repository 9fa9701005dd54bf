import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '#shared/errors.ts';
import {
  ANALYTICS_LIMITS,
  chartResponse,
  ingestStats,
  periodQuery,
  sectionEventRequest,
  summaryResponse,
  trackEventRequest,
} from '#shared/schemas/analytics.ts';
import { successResponse } from '#shared/schemas/common.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { retryAfterSeconds } from '../../lib/window-limiter.ts';
import type { TrackingLimits } from './client-limits.ts';
import { isBotUserAgent } from './bots.ts';
import type { IncomingEvent } from './deps.ts';
import type { AnalyticsService } from './service.ts';

/** SPEC §4: the consent cookie; only a visitor who accepted has it set to `true`. */
const CONSENT_COOKIE = 'cookie_consent';

/**
 * The consent-gated `session_id` cookie (SPEC §4), for an event sent without one in its body. The
 * cookie only exists after consent, so this never identifies a visitor who declined.
 */
function sessionCookie(request: FastifyRequest): string | null {
  const value = request.cookies.session_id?.trim();
  return value && value.length <= ANALYTICS_LIMITS.id ? value : null;
}

/** What a tracking call answers (see `accept` below), for the OpenAPI document. */
const TRACKING_ANSWERS = {
  204: 'Received: stored with consent, otherwise dropped (the answer does not say which)',
  429: 'Too many events from this browser: `Retry-After` says when to send again',
  503: 'Too many events right now; this one was not recorded',
};

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  analytics: AnalyticsService,
  limits: TrackingLimits,
): Promise<void> {
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

    /**
     * Decides an event's fate, cheapest check first: over its client's limit → 429; no consent
     * cookie → 204, not stored (SPEC §4: tracking only after consent, whatever the page sent);
     * a bot → 204, dropped; queue full → 503; otherwise queued → 204. Each outcome is counted.
     */
    const accept = (
      request: FastifyRequest,
      event: IncomingEvent,
      headerAgent: string | undefined,
      reply: FastifyReply,
    ) => {
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
      if (!analytics.enqueue(event)) {
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
    };

    api.post(
      '/api/track',
      {
        bodyLimit: ANALYTICS_LIMITS.bodyBytes,
        config: { answers: TRACKING_ANSWERS },
        schema: { body: trackEventRequest },
      },
      async (request, reply) => {
        const b = request.body;
        const userAgent = request.headers['user-agent'];
        return accept(
          request,
          {
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
          },
          userAgent,
          reply,
        );
      },
    );

    api.post(
      '/api/analytics/track',
      {
        bodyLimit: ANALYTICS_LIMITS.bodyBytes,
        config: { answers: TRACKING_ANSWERS },
        schema: { body: sectionEventRequest },
      },
      async (request, reply) => {
        const b = request.body;
        const userAgent = request.headers['user-agent'];
        return accept(
          request,
          {
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
          },
          userAgent,
          reply,
        );
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/analytics/summary',
    { schema: { querystring: periodQuery, response: { 200: summaryResponse } } },
    async (request) => ({ success: true as const, summary: await analytics.summary(request.query.days) }),
  );

  api.get(
    '/api/admin/analytics/chart-data',
    { schema: { querystring: periodQuery, response: { 200: chartResponse } } },
    async (request) => ({ success: true as const, chart_data: await analytics.chart(request.query.days) }),
  );

  api.get('/api/admin/analytics/export', { schema: { querystring: periodQuery } }, async (request, reply) => {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${analytics.exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(analytics.exportCsv(request.query.days)));
  });

  api.delete('/api/admin/analytics/reset', { schema: { response: { 200: successResponse } } }, async () => {
    await analytics.reset();
    return { success: true as const };
  });

  // Operations: what ingestion accepted, wrote and dropped since this instance started.
  api.get('/api/admin/analytics/ingest-stats', { schema: { response: { 200: ingestStats } } }, async () =>
    analytics.stats(),
  );
}
