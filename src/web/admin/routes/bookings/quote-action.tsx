// Send quote (docs/decisions/0473): a hold mailed to its customer with its details, its price and
// the address of their booking's page, where they can accept it — which confirms it if the day is
// still free. The dialog says who is e-mailed and what; a refusal (no price, no address, a lapsed
// hold) stays in the panel until the next attempt.
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Booking, BookingDetail } from '#shared/schemas/bookings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendQuote } from '../../api/bookings.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatPence } from './money.ts';

/** The booking, with its mails when the panel has them (a quote already sent is sent "again"). */
export function QuoteAction({ booking }: { booking: Booking & Partial<Pick<BookingDetail, 'mails'>> }) {
  const send = useSendQuote();
  const [asking, setAsking] = useState(false);
  const again = (booking.mails ?? []).some((mail) => mail.kind === 'quote');
  const label = again ? 'Send quote again' : 'Send quote';

  const run = () => {
    setAsking(false);
    send.mutate(booking.id, {
      onSuccess: () => toast.success('Quote sent', { description: booking.customer_name }),
    });
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} disabled={send.isPending}>
        <Send className="size-4" aria-hidden="true" /> {send.isPending ? 'Sending…' : label}
      </Button>
      {send.isError && (
        <div className="basis-full">
          <Banner kind="error">{errorMessage(send.error, 'Could not send the quote. Try again.')}</Banner>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Send the quote?"
        confirmLabel={label}
        cancelLabel="Not now"
        onConfirm={run}
        onCancel={() => setAsking(false)}
      >
        <p>
          {booking.customer_name} is e-mailed at {booking.customer_email || 'no address'} the booking&apos;s
          details and its price, {formatPence(booking.price_pence)}, with a link to their booking&apos;s page.
        </p>
        <p>
          On that page they can accept the quote: the booking is then confirmed if its day is still free, and
          they get the confirmation with a calendar invitation. Until then it stays provisional.
        </p>
      </ConfirmDialog>
    </>
  );
}
