// POST /api/admin/mail/test {recipient}: sends a test e-mail to the admin's own address or to where
// enquiry notices go, and answers what the mail transport really said (sent, saved as a file, failed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailTestRecipient, MailTestResult } from '#shared/schemas/setup.ts';
import { api } from '../../lib/api-client.ts';
import { SETUP_STATUS_QUERY_KEY } from './setup-status.ts';

export const sendTestEmail = (recipient: MailTestRecipient) =>
  api<MailTestResult>('/admin/mail/test', { method: 'POST', body: { recipient } });

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETUP_STATUS_QUERY_KEY }),
  });
}
