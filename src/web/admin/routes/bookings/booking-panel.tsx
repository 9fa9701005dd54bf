// One booking in a panel over the calendar: its details and actions, or its edit form.
import { useState } from 'react';
import { Banner, Loading } from '../../../components/admin-ui.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from 'sonner';
import { useBooking, useUpdateBooking } from '../../api/bookings.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { BookingActions } from './booking-actions.tsx';
import { BookingDetails } from './booking-details.tsx';
import { BookingMails } from './booking-mails.tsx';
import { BookingForm } from './booking-form.tsx';
import { bookingFormOf } from './form-values.ts';

export function BookingPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const booking = useBooking(id);
  const update = useUpdateBooking();
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    update.reset();
    onClose();
  };
  const data = booking.data;

  return (
    <SidePanel
      open={id !== null}
      onClose={close}
      title={data ? (editing ? `Edit booking: ${data.customer_name}` : data.customer_name) : 'Booking'}
    >
      {booking.isPending ? (
        <Loading />
      ) : !data ? (
        <Banner kind="error">{errorMessage(booking.error, 'Could not load the booking.')}</Banner>
      ) : editing ? (
        <BookingForm
          initial={bookingFormOf(data)}
          label="Save booking"
          pendingLabel="Saving…"
          pending={update.isPending}
          refusal={update.isError ? errorMessage(update.error, 'Could not save the booking.') : null}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
          onSubmit={(input) =>
            update.mutate(
              { id: data.id, input },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast.success('Booking saved', { description: data.customer_name });
                },
              },
            )
          }
        />
      ) : (
        <>
          <BookingDetails booking={data} />
          <BookingActions key={data.id} booking={data} onEdit={() => setEditing(true)} />
          <BookingMails mails={data.mails} />
        </>
      )}
    </SidePanel>
  );
}
