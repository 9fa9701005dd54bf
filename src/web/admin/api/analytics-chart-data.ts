// GET /api/admin/analytics/chart-data?days=n: {success, chart_data}, one row per day, oldest first.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { chartPoint, chartResponse } from '#shared/schemas/analytics.ts';
import { api } from '../../lib/api-client.ts';

export type ChartPoint = z.infer<typeof chartPoint>;

export const analyticsChartKey = (days: number) => ['admin', 'analytics', 'chart', days] as const;

export const fetchAnalyticsChart = async (days: number, signal?: AbortSignal) =>
  (
    await api<z.infer<typeof chartResponse>>(`/admin/analytics/chart-data?days=${days}`, {
      signal,
    })
  ).chart_data;

export function useAnalyticsChart(days: number) {
  return useQuery({
    queryKey: analyticsChartKey(days),
    queryFn: ({ signal }) => fetchAnalyticsChart(days, signal),
  });
}
