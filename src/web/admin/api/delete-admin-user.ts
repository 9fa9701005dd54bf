// DELETE /api/admin/users/{id}: refused for oneself and the last superadmin (the detail says why).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';
import { ADMIN_USERS_QUERY_KEY } from './admin-users.ts';

export const deleteAdminUser = (id: number) =>
  api<SuccessResponse>(`/admin/users/${id}`, { method: 'DELETE' });

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
