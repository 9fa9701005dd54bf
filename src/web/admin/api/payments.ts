// GET / PUT /api/admin/payments (superadmin): how customers pay, as the confirmation mail gives it
// (docs/decisions/0475).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings, PaymentSettingsInput } from '#shared/schemas/payments.ts';
import { api } from '../../lib/api-client.ts';

export const PAYMENTS_QUERY_KEY = ['admin', 'payments'] as const;

export const usePaymentSettings = () =>
  useQuery({
    queryKey: PAYMENTS_QUERY_KEY,
    queryFn: ({ signal }) => api<PaymentSettings>('/admin/payments', { signal }),
  });

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsInput) =>
      api<PaymentSettings>('/admin/payments', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(PAYMENTS_QUERY_KEY, saved),
  });
}
