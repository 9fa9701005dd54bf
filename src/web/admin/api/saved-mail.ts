// GET /api/admin/saved-mail and POST /api/admin/saved-mail/send: the messages written to the outbox
// while no mail server was set, and sending them once one is (docs/decisions/0475).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedMailSent, SavedMailStatus } from '#shared/schemas/saved-mail.ts';
import { api } from '../../lib/api-client.ts';
import { bookingsKey } from './bookings.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const SAVED_MAIL_QUERY_KEY = ['admin', 'saved-mail'] as const;

export const useSavedMail = () =>
  useQuery({
    queryKey: SAVED_MAIL_QUERY_KEY,
    queryFn: ({ signal }) => api<SavedMailStatus>('/admin/saved-mail', { signal }),
  });

export function useSendSavedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<SavedMailSent>('/admin/saved-mail/send', { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SAVED_MAIL_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: bookingsKey });
      void queryClient.invalidateQueries({ queryKey: enquiriesKey });
    },
  });
}
