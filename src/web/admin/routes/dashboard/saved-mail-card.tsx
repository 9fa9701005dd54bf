// The messages written to the outbox while no mail server was set, offered once one is (docs/
// decisions/0475): how many wait, of which kinds, and one button that sends them. Each goes at most
// once, however many admins press it. Nothing shows while mail still only reaches files, or when
// nothing waits.
import { MailCheck, Send } from 'lucide-react';
import { toast } from 'sonner';
import type { SavedMailStatus } from '#shared/schemas/saved-mail.ts';
import { Card } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSavedMail, useSendSavedMail } from '../../api/saved-mail.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 enquiry notice to you, 2 acknowledgements to visitors and 1 booking e-mail to a customer". */
function kinds(status: SavedMailStatus): string {
  const parts = [
    status.notices ? count(status.notices, 'enquiry notice to you', 'enquiry notices to you') : '',
    status.acknowledgements
      ? count(status.acknowledgements, 'acknowledgement to a visitor', 'acknowledgements to visitors')
      : '',
    status.booking_mails
      ? count(status.booking_mails, 'booking e-mail to a customer', 'booking e-mails to customers')
      : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

export function SavedMailCard() {
  const saved = useSavedMail();
  const send = useSendSavedMail();
  const status = saved.data;
  if (!status || !status.mail_server || status.waiting === 0) return null;

  const sendAll = () =>
    send.mutate(undefined, {
      onSuccess: (result) => {
        if (result.failed > 0)
          toast.error(`${count(result.failed, 'message', 'messages')} could not be sent`, {
            description: `${result.sent} sent. Booking e-mails are tried again by themselves; press Send again for the rest.`,
          });
        else toast.success(`${count(result.sent, 'message', 'messages')} sent`);
      },
      onError: (error) => toast.error(errorMessage(error, 'The messages could not be sent')),
    });

  return (
    <Card className="mt-8 border-2 border-amber-400">
      <h2 className="flex items-center gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
        <MailCheck className="size-5 text-accent-600" aria-hidden="true" />
        Messages not yet sent
      </h2>
      <p className="mt-2 font-semibold text-ink-900">
        {count(status.waiting, 'message was', 'messages were')} saved while no mail server was set.
      </p>
      <p className="mt-1 text-ink-700">
        {kinds(status)}. A mail server is set now: send them, and each goes once, as it stands today.
      </p>
      <Button className="mt-4" onClick={sendAll} disabled={send.isPending}>
        <Send className="size-4" aria-hidden="true" />
        {send.isPending ? 'Sending…' : `Send ${status.waiting === 1 ? 'it' : `all ${status.waiting}`} now`}
      </Button>
    </Card>
  );
}
