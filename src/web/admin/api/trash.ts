// GET /api/admin/trash: what was deleted in the last 30 days; POST /api/admin/trash/restore puts items
// back exactly (issue 17). A restore refreshes the lists the items return to.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TrashRestoreRequest, trashListResponse, trashRestoreResponse } from '#shared/schemas/trash.ts';
import { api } from '../../lib/api-client.ts';
import { contentListKey } from './content-list.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const TRASH_QUERY_KEY = ['admin', 'trash'] as const;

export const getTrash = () => api<z.infer<typeof trashListResponse>>('/admin/trash');

export const useTrash = () => useQuery({ queryKey: TRASH_QUERY_KEY, queryFn: getTrash });

export const restoreDeleted = (items: TrashRestoreRequest['items']) =>
  api<z.infer<typeof trashRestoreResponse>>('/admin/trash/restore', { method: 'POST', body: { items } });

export function useRestoreDeleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDeleted,
    onSettled: (_result, _error, items) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY }),
        ...[...new Set(items.map((item) => item.kind))].map((kind) =>
          queryClient.invalidateQueries({
            queryKey: kind === 'enquiries' ? enquiriesKey : contentListKey(kind),
          }),
        ),
      ]),
  });
}
