import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendPendingNotifications } from '../../api/enquiries-send-notifications.ts';
import { errorToast } from './error-toast.ts';

/** Mails every pending notification; the outcome is one toast (issue 15). */
export function SendPendingButton() {
  const sendPending = useSendPendingNotifications();

  function notify() {
    sendPending.mutate(undefined, {
      onSuccess: (result) => toast.success('Notifications Sent', { description: result.message }),
      onError: (error) => errorToast(errorMessage(error, 'Failed to send notifications')),
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
