// POST /api/admin/2fa/enable {code}: confirms the enrolment; answers the recovery codes, shown once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoveryCodesResponse } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';
import { ME_QUERY_KEY } from './me.ts';
import { SETUP_STATUS_QUERY_KEY } from './setup-status.ts';

export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

export const enableTwoFactor = (code: string) =>
  api<RecoveryCodes>('/admin/2fa/enable', { method: 'POST', body: { code } });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () =>
      // The dashboard's setup card lists two-factor login while it is off.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SETUP_STATUS_QUERY_KEY }),
      ]),
  });
}
