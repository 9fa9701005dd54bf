// DELETE /api/admin/analytics/reset: deletes every event and total.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';

export const resetAnalytics = () => api<SuccessResponse>('/admin/analytics/reset', { method: 'DELETE' });

export function useResetAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAnalytics,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'analytics'] }),
  });
}
