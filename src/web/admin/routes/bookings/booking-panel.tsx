// One booking in a panel over the calendar: its details and actions, or its edit form. Whether the
// form is open is the screen's (in the address, use-month.ts), so signing in again after an inactivity
// sign-out opens it again, with its draft.
import { Banner, Loading } from '../../../components/admin-ui.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Booking } from '#shared/schemas/bookings.ts';
import { useBooking, useUpdateBooking } from '../../api/bookings.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { BookingActions } from './booking-actions.tsx';
import { BookingDetails } from './booking-details.tsx';
import { BookingMails } from './booking-mails.tsx';
import { CustomerSide } from './customer-side.tsx';
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
        <EditBooking key={data.id} booking={data} update={update} onDone={() => onEdit(false)} />
      ) : (
        <>
          <BookingDetails booking={data} />
          <BookingActions key={data.id} booking={data} onEdit={() => onEdit(true)} />
          <CustomerSide booking={data} />
          <BookingMails mails={data.mails} />
        </>
      )}
    </SidePanel>
  );
}

/**
 * The edit form. It names the version the booking had when the form opened (docs/decisions/0476),
 * not the one a refetch brings while typing, so a save over someone else's change is refused.
 */
function EditBooking({
  booking,
  update,
  onDone,
}: {
  booking: Booking;
  update: ReturnType<typeof useUpdateBooking>;
  onDone: () => void;
}) {
  const [openedAt] = useState(booking.version);
  return (
    <BookingForm
      booking={booking.id}
      version={openedAt}
      completed={booking.state === 'completed'}
      initial={bookingFormOf(booking)}
      draftKey={bookingDraftKey({ booking: booking.id })}
      label="Save booking"
      pendingLabel="Saving…"
      pending={update.isPending}
      refusal={update.isError ? errorMessage(update.error, 'Could not save the booking.') : null}
      onCancel={() => {
        update.reset();
        onDone();
      }}
      onSubmit={async (input, version = openedAt) => {
        await update.mutateAsync({ id: booking.id, input, version });
        onDone();
        toast.success('Booking saved', { description: booking.customer_name });
      }}
    />
  );
}
