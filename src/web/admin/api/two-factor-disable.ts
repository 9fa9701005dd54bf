// POST /api/admin/2fa/disable {password, code}: the code may be a recovery code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorDisableRequest } from '#shared/schemas/accounts.ts';
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';
import { ME_QUERY_KEY } from './me.ts';
import { SETUP_STATUS_QUERY_KEY } from './setup-status.ts';

export type DisableTwoFactorInput = z.input<typeof twoFactorDisableRequest>;

export const disableTwoFactor = (body: DisableTwoFactorInput) =>
  api<SuccessResponse>('/admin/2fa/disable', { method: 'POST', body });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      // The dashboard's setup card lists two-factor login while it is off.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SETUP_STATUS_QUERY_KEY }),
      ]),
  });
}
