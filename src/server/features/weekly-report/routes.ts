import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  weeklyReportPreviewResponse,
  weeklyReportSetting,
  weeklyReportSettingResponse,
} from '#shared/schemas/weekly-report.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import type { WeeklyReportService } from './service.ts';

/** Each admin's own choice and preview: any admin, never another admin's setting. */
export function registerWeeklyReportRoutes(app: FastifyInstance, reports: WeeklyReportService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/weekly-report',
    { schema: { response: { 200: weeklyReportSettingResponse } } },
    async (request) => ({
      success: true as const,
      enabled: await reports.wanted(requireAdmin(request).id),
    }),
  );

  api.put(
    '/api/admin/weekly-report',
    { schema: { body: weeklyReportSetting, response: { 200: weeklyReportSettingResponse } } },
    async (request) => {
      await reports.setWanted(requireAdmin(request).id, request.body.enabled);
      return { success: true as const, enabled: request.body.enabled };
    },
  );

  api.post(
    '/api/admin/weekly-report/preview',
    { schema: { response: { 200: weeklyReportPreviewResponse } } },
    async (request) => reports.preview(requireAdmin(request)),
  );
}
