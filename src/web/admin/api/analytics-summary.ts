// GET /api/admin/analytics/summary?days=n: {success, summary}.
import { useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import { api } from '../../lib/api-client.ts';

export const analyticsSummaryKey = (days: number) => ['admin', 'analytics', 'summary', days] as const;

export const fetchAnalyticsSummary = async (days: number, signal?: AbortSignal) =>
  (
    await api<{ success: true; summary: AnalyticsSummary }>(`/admin/analytics/summary?days=${days}`, {
      signal,
    })
  ).summary;

export function useAnalyticsSummary(days: number) {
  return useQuery({
    queryKey: analyticsSummaryKey(days),
    queryFn: ({ signal }) => fetchAnalyticsSummary(days, signal),
  });
}
