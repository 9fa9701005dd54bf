// GET /api/admin/analytics/summary?days=n: {success, summary}.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { summaryResponse } from '#shared/schemas/analytics.ts';
import { api } from '../../lib/api-client.ts';

export const analyticsSummaryKey = (days: number) => ['admin', 'analytics', 'summary', days] as const;

export const fetchAnalyticsSummary = async (days: number, signal?: AbortSignal) =>
  (
    await api<z.infer<typeof summaryResponse>>(`/admin/analytics/summary?days=${days}`, {
      signal,
    })
  ).summary;

export function useAnalyticsSummary(days: number) {
  return useQuery({
    queryKey: analyticsSummaryKey(days),
    queryFn: ({ signal }) => fetchAnalyticsSummary(days, signal),
  });
}
