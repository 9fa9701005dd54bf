// GET /api/admin/analytics/ingest-stats: what this instance's ingestion accepted, wrote, refused and
// dropped since it started (operations; shown to superadmins).
import { useQuery } from '@tanstack/react-query';
import type { IngestStats } from '#shared/schemas/analytics.ts';
import { api } from '../../lib/api-client.ts';

export const ingestStatsKey = ['admin', 'analytics', 'ingest-stats'] as const;

export const fetchIngestStats = (signal?: AbortSignal) =>
  api<IngestStats>('/admin/analytics/ingest-stats', { signal });

export function useIngestStats(enabled: boolean) {
  return useQuery({ queryKey: ingestStatsKey, queryFn: ({ signal }) => fetchIngestStats(signal), enabled });
}
