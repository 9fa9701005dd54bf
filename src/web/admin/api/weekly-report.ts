// GET/PUT /api/admin/weekly-report: whether the signed-in admin gets the weekly report by e-mail;
// POST /api/admin/weekly-report/preview: the report as it would go out now, to their own address.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WeeklyReportPreview, weeklyReportSettingResponse } from '#shared/schemas/weekly-report.ts';
import { api } from '../../lib/api-client.ts';

export const WEEKLY_REPORT_QUERY_KEY = ['admin', 'weekly-report'] as const;

type Setting = z.infer<typeof weeklyReportSettingResponse>;

export const getWeeklyReportSetting = () => api<Setting>('/admin/weekly-report');

export const useWeeklyReportSetting = () =>
  useQuery({ queryKey: WEEKLY_REPORT_QUERY_KEY, queryFn: getWeeklyReportSetting });

export function useSetWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<Setting>('/admin/weekly-report', { method: 'PUT', body: { enabled } }),
    onSuccess: (setting) => queryClient.setQueryData(WEEKLY_REPORT_QUERY_KEY, setting),
  });
}

export const useSendWeeklyReportPreview = () =>
  useMutation({
    mutationFn: () => api<WeeklyReportPreview>('/admin/weekly-report/preview', { method: 'POST' }),
  });
