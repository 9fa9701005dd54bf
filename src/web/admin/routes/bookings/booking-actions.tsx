// The changes a booking's state allows: Confirm a hold, Mark completed from its last day on, Cancel
// (after a confirmation, since a cancelled booking cannot come back; the dialog says whether the
// customer is e-mailed), and Edit. A refusal (another
// booking holds the day) stays in the panel until the next attempt, not only in a passing toast.
import { CalendarCheck, CircleCheckBig, Pencil, PoundSterling, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Booking } from '#shared/schemas/bookings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBookingAction, type BookingAction } from '../../api/bookings.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { bookingDays } from './days.ts';
import { QuoteAction } from './quote-action.tsx';
import { useToday } from './use-month.ts';

const DONE: Record<BookingAction, string> = {
  confirm: 'Booking confirmed',
  cancel: 'Booking cancelled',
  complete: 'Booking marked completed',
};

/** Whether cancelling mails the customer (docs/decisions/0471): only one who was told of the booking. */
function customerTold(booking: Booking): string {
  if (booking.state !== 'confirmed')
    return 'The customer is not e-mailed: a provisional booking was never confirmed to them.';
  if (!booking.customer_email) return 'There is no e-mail address for the customer: tell them yourself.';
  const deposit = booking.deposit_paid_on ? ' It says you will be in touch about the deposit they paid.' : '';
  return `${booking.customer_name} is e-mailed at ${booking.customer_email} that the booking is cancelled, with an update that removes it from their calendar.${deposit}`;
}

export function BookingActions({ booking, onEdit }: { booking: Booking; onEdit: () => void }) {
  const action = useBookingAction();
  const [askCancel, setAskCancel] = useState(false);
  const live = booking.state === 'provisional' || booking.state === 'confirmed';
  const finished = booking.end_date <= useToday();

  const run = (change: BookingAction) => {
    setAskCancel(false);
    action.mutate(
      { id: booking.id, action: change },
      { onSuccess: () => toast.success(DONE[change], { description: booking.customer_name }) },
    );
  };

  return (
    <div className="mt-4 space-y-3">
      {action.isError && (
        <Banner kind="error">{errorMessage(action.error, 'Could not change the booking. Try again.')}</Banner>
      )}
      <div className="flex flex-wrap gap-2">
        {booking.state === 'provisional' && (
          <Button onClick={() => run('confirm')} disabled={action.isPending}>
            <CalendarCheck className="size-4" aria-hidden="true" /> Confirm
          </Button>
        )}
        {booking.state === 'provisional' && <QuoteAction booking={booking} />}
        {booking.state === 'confirmed' && finished && (
          <Button onClick={() => run('complete')} disabled={action.isPending}>
            <CircleCheckBig className="size-4" aria-hidden="true" /> Mark completed
          </Button>
        )}
        {booking.state !== 'cancelled' && (
          <Button variant="secondary" onClick={onEdit} disabled={action.isPending}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Button>
        )}
        {booking.state === 'cancelled' && (
          // Its money is still the owner's to record: a deposit kept or refunded (decision 0474).
          <Button variant="secondary" onClick={onEdit}>
            <PoundSterling className="size-4" aria-hidden="true" /> Record money
          </Button>
        )}
        {live && (
          <Button
            variant="ghost"
            className="text-danger-600 hover:bg-red-50"
            onClick={() => setAskCancel(true)}
            disabled={action.isPending}
          >
            <XCircle className="size-4" aria-hidden="true" /> Cancel booking
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={askCancel}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        onConfirm={() => run('cancel')}
        onCancel={() => setAskCancel(false)}
      >
        <p>
          {booking.customer_name}, {bookingDays(booking)}. The day becomes free for others and the enquiry is
          closed. A cancelled booking cannot be brought back.
        </p>
        <p>{customerTold(booking)}</p>
      </ConfirmDialog>
    </div>
  );
}
