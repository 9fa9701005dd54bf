import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '#shared/errors.ts';
import {
  ANALYTICS_LIMITS,
  chartResponse,
  periodQuery,
  sectionEventRequest,
  summaryResponse,
  trackEventRequest,
} from '#shared/schemas/analytics.ts';
import { successResponse } from '#shared/schemas/common.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { isBotUserAgent, type AnalyticsService, type IncomingEvent } from './service.ts';

const ingestStats = z.object({
  queued: z.number(),
  accepted: z.number(),
  written: z.number(),
  dropped_bots: z.number(),
  dropped_queue_full: z.number(),
  failed_flushes: z.number(),
});

/**
 * The consent-gated `session_id` cookie (SPEC §4), for an event sent without one in its body. The
 * cookie only exists after consent, so this never identifies a visitor who declined.
 */
export function sessionCookie(header: string | undefined): string | null {
  const match = /(?:^|;\s*)session_id=([^;]*)/.exec(header ?? '');
  if (!match?.[1]) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]).trim();
  } catch {
    return null;
  }
  return value && value.length <= ANALYTICS_LIMITS.id ? value : null;
}

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  analytics: AnalyticsService,
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

    const accept = (event: IncomingEvent, headerAgent: string | undefined, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
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
      { bodyLimit: ANALYTICS_LIMITS.bodyBytes, schema: { body: trackEventRequest } },
      async (request, reply) => {
        const b = request.body;
        const userAgent = request.headers['user-agent'];
        return accept(
          {
            event_type: b.event_type,
            page: b.page,
            element: b.element,
            section: null,
            session_id: b.session_id ?? sessionCookie(request.headers.cookie),
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
      { bodyLimit: ANALYTICS_LIMITS.bodyBytes, schema: { body: sectionEventRequest } },
      async (request, reply) => {
        const b = request.body;
        const userAgent = request.headers['user-agent'];
        return accept(
          {
            event_type: b.event_type,
            page: b.page,
            element: null,
            section: b.section_name,
            session_id: b.session_id ?? sessionCookie(request.headers.cookie),
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
