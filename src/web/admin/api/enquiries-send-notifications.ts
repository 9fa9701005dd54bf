// POST /api/admin/enquiries/send-notifications, empty body (docs/product.md#notifications): mails every
// pending enquiry now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationsResult } from '#shared/schemas/enquiries.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';
import { SETUP_STATUS_QUERY_KEY } from './setup-status.ts';

export const sendPendingNotifications = () =>
  api<z.infer<typeof notificationsResult>>('/admin/enquiries/send-notifications', { method: 'POST' });

export function useSendPendingNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPendingNotifications,
    // On success the list reloads; after a failure too, since some may have gone and the
    // reason for the rest (shown above the list) may have changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: enquiriesKey }),
        queryClient.invalidateQueries({ queryKey: SETUP_STATUS_QUERY_KEY }),
      ]),
  });
}
