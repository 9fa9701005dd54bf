// The changes a booking's state allows: Confirm a hold, Mark completed from its last day on, Cancel
// (after a confirmation, since a cancelled booking cannot come back; the dialog takes a reason and
// shows the e-mail the customer will receive, or says why none goes), and Edit. A refusal (another
// booking holds the day) stays in the panel until the next attempt, not only in a passing toast.
import { CalendarCheck, CircleCheckBig, Pencil, PoundSterling, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Booking } from '#shared/schemas/bookings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCancelBooking } from '../../api/booking-cancel.ts';
import { useBookingAction, type BookingAction } from '../../api/bookings.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CancelPreview } from './cancel-preview.tsx';
import { bookingDays } from './days.ts';
import { QuoteAction } from './quote-action.tsx';
import { useToday } from './use-month.ts';

const DONE: Record<BookingAction, string> = {
  confirm: 'Booking confirmed',
  cancel: 'Booking cancelled',
  complete: 'Booking marked completed',
};

/** Cancelling, with the owner's reason, which the customer's e-mail gives (docs/decisions/0475). */
function useCancelling(booking: Booking) {
  const cancel = useCancelBooking();
  const [asked, setAsked] = useState(false);
  const [reason, setReason] = useState('');
  const run = () =>
    cancel.mutate(
      { id: booking.id, reason },
      {
        onSuccess: () => {
          setAsked(false);
          setReason('');
          toast.success(DONE.cancel, { description: booking.customer_name });
        },
      },
    );
  return { cancel, asked, setAsked, reason, setReason, run };
}

export function BookingActions({ booking, onEdit }: { booking: Booking; onEdit: () => void }) {
  const action = useBookingAction();
  const {
    cancel,
    asked: askCancel,
    setAsked: setAskCancel,
    reason,
    setReason,
    run: runCancel,
  } = useCancelling(booking);
  const live = booking.state === 'provisional' || booking.state === 'confirmed';
  const finished = booking.end_date <= useToday();

  const run = (change: BookingAction) => {
    setAskCancel(false);
    action.mutate(
      { id: booking.id, action: change },
      { onSuccess: () => toast.success(DONE[change], { description: booking.customer_name }) },
    );
  };
  const failed = action.isError ? action.error : cancel.isError ? cancel.error : null;
  const pending = action.isPending || cancel.isPending;

  return (
    <div className="mt-4 space-y-3">
      {failed && (
        <Banner kind="error">{errorMessage(failed, 'Could not change the booking. Try again.')}</Banner>
      )}
      <div className="flex flex-wrap gap-2">
        {booking.state === 'provisional' && (
          <Button onClick={() => run('confirm')} disabled={pending}>
            <CalendarCheck className="size-4" aria-hidden="true" /> Confirm
          </Button>
        )}
        {booking.state === 'provisional' && <QuoteAction booking={booking} />}
        {booking.state === 'confirmed' && finished && (
          <Button onClick={() => run('complete')} disabled={pending}>
            <CircleCheckBig className="size-4" aria-hidden="true" /> Mark completed
          </Button>
        )}
        {booking.state !== 'cancelled' && (
          <Button variant="secondary" onClick={onEdit} disabled={pending}>
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
            disabled={pending}
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
        onConfirm={runCancel}
        onCancel={() => setAskCancel(false)}
        busy={cancel.isPending}
        form={<CancelPreview booking={booking} reason={reason} onReason={setReason} open={askCancel} />}
      >
        <p>
          {booking.customer_name}, {bookingDays(booking)}. The day becomes free for others and the enquiry is
          closed. A cancelled booking cannot be brought back.
        </p>
      </ConfirmDialog>
    </div>
  );
}
