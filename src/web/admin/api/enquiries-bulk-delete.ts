// POST /api/admin/enquiries/bulk-delete: the body is a plain JSON array of ids
// (docs/product.md#enquiry-statuses). All or nothing on the server: an unknown id deletes none.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { enquiriesDeleted } from '#shared/schemas/enquiries.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const bulkDeleteEnquiries = (ids: number[]) =>
  api<z.infer<typeof enquiriesDeleted>>('/admin/enquiries/bulk-delete', { method: 'POST', body: ids });

export function useBulkDeleteEnquiries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteEnquiries,
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesKey }),
  });
}
