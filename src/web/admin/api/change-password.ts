// POST /api/admin/change-password {current_password, new_password}: also ends a forced change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordRequest } from '#shared/schemas/accounts.ts';
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';
import { tokenStore } from '../auth/token-store.ts';
import { ME_QUERY_KEY } from './me.ts';

export type ChangePasswordInput = z.input<typeof changePasswordRequest>;

export const changePassword = (body: ChangePasswordInput) =>
  api<SuccessResponse>('/admin/change-password', { method: 'POST', body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      tokenStore.passwordChanged();
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
