// POST /api/admin/2fa/recovery-codes {code}: a fresh set of recovery codes; the old ones stop working.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ME_QUERY_KEY } from './me.ts';
import type { RecoveryCodes } from './two-factor-enable.ts';

export const regenerateRecoveryCodes = (code: string) =>
  api<RecoveryCodes>('/admin/2fa/recovery-codes', { method: 'POST', body: { code } });

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
