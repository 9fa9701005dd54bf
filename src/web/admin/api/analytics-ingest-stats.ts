// GET /api/admin/analytics/ingest-stats: what this instance's ingestion accepted, wrote and dropped
// since it started (operations; shown to superadmins).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface IngestStats {
  queued: number;
  accepted: number;
  written: number;
  dropped_bots: number;
  dropped_queue_full: number;
  failed_flushes: number;
}

export const ingestStatsKey = ['admin', 'analytics', 'ingest-stats'] as const;

export const fetchIngestStats = (signal?: AbortSignal) =>
  api<IngestStats>('/admin/analytics/ingest-stats', { signal });

export function useIngestStats(enabled: boolean) {
  return useQuery({ queryKey: ingestStatsKey, queryFn: ({ signal }) => fetchIngestStats(signal), enabled });
}
