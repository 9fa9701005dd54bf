// POST /api/admin/enquiries/send-notifications, empty body (SPEC §7): mails every pending enquiry now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const sendPendingNotifications = () =>
  api<{ success: true; message: string }>('/admin/enquiries/send-notifications', { method: 'POST' });

export function useSendPendingNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPendingNotifications,
    // SPEC §7: on success the list reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enquiriesKey }),
  });
}
