// An enquiry's way to a booking: "Book" opens the booking form (the day the visitor asked for already
// filled in), which makes a provisional hold; once there is a live booking the card links to it. The
// open form is in the address (?book=7), so signing in again after an inactivity sign-out opens it
// again, where its draft waits (issue 28).
import { CalendarCheck, CalendarPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { readablePhone } from '#shared/phone.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBookEnquiry } from '../../api/bookings.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { BookingForm, bookingDraftKey } from '../bookings/booking-form.tsx';
import { formatMoment } from '../bookings/booking-details.tsx';
import { bookingDays } from '../bookings/days.ts';
import { emptyBookingForm } from '../bookings/form-values.ts';
import { bookingLink } from '../bookings/use-month.ts';

/** The look of the card's Reply link, so the card's actions line up. */
const ACTION =
  'inline-flex min-h-11 items-center gap-2 rounded-lg bg-ink-100 px-4 text-sm font-semibold text-ink-900 hover:bg-ink-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-500';

function Booked({ booking }: { booking: Booking }) {
  return (
    <Banner kind="success">
      <p>
        Booked provisionally for {bookingDays(booking)}.
        {booking.hold_expires_at &&
          ` The hold lapses ${formatMoment(booking.hold_expires_at)} unless confirmed.`}
      </p>
      <Link
        to={bookingLink(booking)}
        className="mt-2 inline-block font-semibold underline underline-offset-2"
      >
        Open the booking
      </Link>
    </Banner>
  );
}

const BOOK_PARAM = 'book';

/** Whether this enquiry's booking form is open: in the address, replaced rather than pushed. */
function useBookingFormOpen(enquiryId: number) {
  const [params, setParams] = useSearchParams();
  const show = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set(BOOK_PARAM, String(enquiryId));
        else next.delete(BOOK_PARAM);
        return next;
      },
      { replace: true },
    );
  return [params.get(BOOK_PARAM) === String(enquiryId), show] as const;
}

export function BookAction({ enquiry }: { enquiry: Enquiry }) {
  // Its booking that is not cancelled, as the enquiry list answers it.
  const live = enquiry.booking;
  const book = useBookEnquiry();
  const [asked, setOpen] = useBookingFormOpen(enquiry.id);
  const made = book.data;
  // An enquiry booked already has no form to open (an old address), only the answer to its booking.
  const open = asked && (!live || made !== undefined);
  const close = () => {
    setOpen(false);
    book.reset();
  };

  if (live && !open)
    return (
      <Link to={bookingLink(live)} className={ACTION} aria-label={`View the booking for ${enquiry.name}`}>
        <CalendarCheck className="size-4" aria-hidden="true" /> View booking
      </Link>
    );
  if (enquiry.status === 'spam') return null;
  return (
    <>
      <button
        type="button"
        className={ACTION}
        onClick={() => setOpen(true)}
        aria-label={`Book ${enquiry.name}`}
      >
        <CalendarPlus className="size-4" aria-hidden="true" /> Book
      </button>
      <SidePanel open={open} onClose={close} title={`Book: ${enquiry.name}`}>
        {made ? (
          <Booked booking={made} />
        ) : (
          <BookingForm
            initial={{
              ...emptyBookingForm(enquiry.preferred_date ?? ''),
              people: enquiry.people === null ? '' : String(enquiry.people),
              customer_phone: enquiry.phone ? readablePhone(enquiry.phone) : '',
            }}
            draftKey={bookingDraftKey({ enquiry: enquiry.id })}
            label="Make provisional booking"
            pendingLabel="Booking…"
            pending={book.isPending}
            refusal={book.isError ? errorMessage(book.error, 'Could not make the booking.') : null}
            onCancel={close}
            onSubmit={(input) => book.mutateAsync({ enquiryId: enquiry.id, input })}
          />
        )}
      </SidePanel>
    </>
  );
}
