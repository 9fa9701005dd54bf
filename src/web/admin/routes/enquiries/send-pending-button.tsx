import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { counted } from '#shared/report-words.ts';
import { Button } from '../../../components/button.tsx';
import { useSendPendingNotifications } from '../../api/enquiries-send-notifications.ts';
import { useSetupStatus } from '../../api/setup-status.ts';
import { useSendFailure } from './send-failure.ts';

/** Mails every pending notification; the outcome is one toast (issue 15). */
export function SendPendingButton() {
  const sendPending = useSendPendingNotifications();
  const sendFailed = useSendFailure();
  // Without a mail server "sent" means written to files: never a green "sent" then (issue 28).
  const toFiles = useSetupStatus().data?.mail.transport === 'outbox';

  function notify() {
    sendPending.mutate(undefined, {
      onSuccess: (result) =>
        toFiles
          ? toast.warning(NOT_DELIVERED, {
              description:
                'Anything owed was saved as files on the server; nobody receives it until a mail server is set up in Settings › Mail.',
            })
          : toast.success('Notifications Sent', {
              description: `${counted(result.sent, 'notification', 'notifications')} sent`,
            }),
      onError: sendFailed,
    });
  }

  return (
    <Button
      variant="secondary"
      onClick={notify}
      disabled={sendPending.isPending}
      className="w-full sm:w-auto"
    >
      <Send className="size-4" aria-hidden="true" />
      {sendPending.isPending ? 'Sending…' : 'Send Pending Notifications'}
    </Button>
  );
}
