// The analytics endpoints: tracking (tracking-routes.ts) and the admin's reports, export and reset.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartResponse, ingestStats, periodQuery, summaryResponse } from '#shared/schemas/analytics.ts';
import { successResponse } from '#shared/schemas/common.ts';
import type { TrackingLimits } from './client-limits.ts';
import type { AnalyticsService } from './service.ts';
import { registerTrackingRoutes } from './tracking-routes.ts';

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  analytics: AnalyticsService,
  limits: TrackingLimits,
): Promise<void> {
  await registerTrackingRoutes(app, analytics, limits);
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

  const csv = { schema: { querystring: periodQuery }, config: { answerTypes: { 200: ['text/csv'] } } };
  api.get('/api/admin/analytics/export', csv, async (request, reply) => {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${analytics.exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(analytics.exportCsv(request.query.days)));
  });

  // The screen's figures as a file (issue 28): totals, days, sections and bookings by source.
  api.get('/api/admin/analytics/summary/export', csv, async (request, reply) => {
    const { days } = request.query;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${analytics.summaryFileName(days)}"`)
      .header('cache-control', 'no-store')
      .send(await analytics.summaryCsv(days));
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
