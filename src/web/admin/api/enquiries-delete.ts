// DELETE /api/admin/enquiries/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const deleteEnquiry = (id: number) =>
  api<SuccessResponse>(`/admin/enquiries/${id}`, { method: 'DELETE' });

export function useDeleteEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnquiry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesKey }),
  });
}
