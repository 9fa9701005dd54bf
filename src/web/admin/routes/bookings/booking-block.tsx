// A booking as a button in the calendar or the agenda: its colour, and its state in words.
import type { Booking } from '#shared/schemas/bookings.ts';
import { bookingDays, bookingTimes } from './days.ts';
import { STATE_BLOCK, STATE_LABELS } from './state.tsx';

export function BookingBlock({
  booking,
  onOpen,
  roomy = false,
}: {
  booking: Booking;
  onOpen: (id: number) => void;
  /** The agenda's larger block, with the place and the times on their own lines. */
  roomy?: boolean;
}) {
  const times = bookingTimes(booking);
  // The agenda lists a booking over several days once: its days say how long it is.
  const days = booking.start_date === booking.end_date ? '' : bookingDays(booking);
  const details = [days, times, booking.location].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      onClick={() => onOpen(booking.id)}
      className={`block w-full rounded-md border-l-4 border-y border-r text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${roomy ? 'min-h-11 px-3 py-2' : 'px-1.5 py-1 text-sm'} ${STATE_BLOCK[booking.state]}`}
    >
      <span className={`block font-semibold ${roomy ? '' : 'truncate'}`}>{booking.customer_name}</span>
      <span className="block text-xs font-semibold tracking-wide uppercase">
        {STATE_LABELS[booking.state]}
      </span>
      {roomy && details && <span className="mt-0.5 block text-sm">{details}</span>}
      {!roomy && times && <span className="block truncate text-xs">{times}</span>}
    </button>
  );
}
