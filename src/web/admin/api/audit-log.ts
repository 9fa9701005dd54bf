// GET /api/admin/audit?limit=&before= (superadmin): newest first, paged by the `next_before` cursor.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPage } from '#shared/schemas/audit.ts';
import { api } from '../../lib/api-client.ts';

export type AuditPage = z.infer<typeof auditPage>;

export const AUDIT_LOG_PAGE_SIZE = 50;

export const getAuditLog = (before?: number) => {
  const query = new URLSearchParams({ limit: String(AUDIT_LOG_PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  return api<AuditPage>(`/admin/audit?${query}`);
};

export const useAuditLog = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => getAuditLog(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    enabled,
  });
