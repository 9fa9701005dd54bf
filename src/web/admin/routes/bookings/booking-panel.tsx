// One booking in a panel over the calendar: its details and actions, or its edit form. Whether the
// form is open is the screen's (in the address, use-month.ts), so signing in again after an inactivity
// sign-out opens it again, with its draft.
import { Banner, Loading } from '../../../components/admin-ui.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from 'sonner';
import { useBooking, useUpdateBooking } from '../../api/bookings.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { BookingActions } from './booking-actions.tsx';
import { BookingDetails } from './booking-details.tsx';
import { BookingMails } from './booking-mails.tsx';
import { BookingForm, bookingDraftKey } from './booking-form.tsx';
import { bookingFormOf } from './form-values.ts';
import { MoneyForm } from './money-form.tsx';

export function BookingPanel({
  id,
  editing: editAsked,
  onEdit,
  onClose,
}: {
  id: number | null;
  /** The edit form is asked for (a cancelled booking's is its money form). */
  editing: boolean;
  onEdit: (on: boolean) => void;
  onClose: () => void;
}) {
  const booking = useBooking(id);
  const update = useUpdateBooking();
  const close = () => {
    update.reset();
    onClose();
  };
  const data = booking.data;
  // A cancelled booking's "edit" is its money alone (docs/decisions/0474).
  const editing = editAsked && data !== undefined;
  const moneyOnly = data?.state === 'cancelled';

  return (
    <SidePanel
      open={id !== null}
      onClose={close}
      title={
        data
          ? editing
            ? `${moneyOnly ? 'Money received' : 'Edit booking'}: ${data.customer_name}`
            : data.customer_name
          : 'Booking'
      }
    >
      {booking.isPending ? (
        <Loading />
      ) : !data ? (
        <Banner kind="error">{errorMessage(booking.error, 'Could not load the booking.')}</Banner>
      ) : editing && moneyOnly ? (
        <MoneyForm key={data.id} booking={data} onDone={() => onEdit(false)} />
      ) : editing ? (
        <BookingForm
          key={data.id}
          booking={data.id}
          completed={data.state === 'completed'}
          initial={bookingFormOf(data)}
          draftKey={bookingDraftKey({ booking: data.id })}
          label="Save booking"
          pendingLabel="Saving…"
          pending={update.isPending}
          refusal={update.isError ? errorMessage(update.error, 'Could not save the booking.') : null}
          onCancel={() => {
            update.reset();
            onEdit(false);
          }}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: data.id, input });
            onEdit(false);
            toast.success('Booking saved', { description: data.customer_name });
          }}
        />
      ) : (
        <>
          <BookingDetails booking={data} />
          <BookingActions key={data.id} booking={data} onEdit={() => onEdit(true)} />
          <BookingMails mails={data.mails} />
        </>
      )}
    </SidePanel>
  );
}
