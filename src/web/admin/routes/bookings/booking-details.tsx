// Everything a booking says, as a list of labelled lines: who, when, where, how many, the money asked
// and received, the notes, its state and, for a hold, when it lapses; with a link to the enquiry it
// came from.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { balanceDuePence, paidInPence, receivedPence } from '#shared/booking-money.ts';
import { phoneHref, readablePhone } from '#shared/phone.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { londonInstants } from '../../../lib/dates.ts';
import { ADMIN_PATHS } from '../../paths.ts';
import { bookingDays, bookingTimes, shortDay } from './days.ts';
import { formatPence } from './money.ts';
import { StateBadge } from './state.tsx';

/** "Fri 28 Aug 2026, 14:05" in London time. */
export const formatMoment = londonInstants({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Where a booking's enquiry is on the Enquiries screen. */
export const enquiryLink = (enquiryId: number) => `${ADMIN_PATHS.enquiries}#enquiry-${enquiryId}`;

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 border-b border-ink-100 py-2 last:border-b-0">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** "£500.00 on Sat 20 Jun 2026", or "Not yet". */
const paidLine = (pence: number | null, day: string | null) =>
  pence === null || day === null ? 'Not yet' : `${formatPence(pence)} on ${shortDay(day, true)}`;

/** What the customer still owes; the price itself is on the line above, so not repeated. */
function stillToPay(due: number | null, received: number): string {
  if (due === null) return '— (no price yet)';
  if (due > 0) return received === 0 ? 'The whole price' : formatPence(due);
  if (due === 0) return 'Paid in full';
  return `Nothing: paid ${formatPence(-due)} more than the price`;
}

/**
 * What was asked and what came in (docs/decisions/0474): the deposit and the balance received, and
 * what is still to pay — or, once cancelled, whether the deposit was refunded or kept.
 */
function MoneyLines({ booking }: { booking: Booking }) {
  const due = balanceDuePence(booking);
  const received = paidInPence(booking);
  return (
    <>
      <Line label="Price">{formatPence(booking.price_pence)}</Line>
      <Line label="Deposit asked">{formatPence(booking.deposit_pence)}</Line>
      <Line label="Deposit received">{paidLine(booking.deposit_paid_pence, booking.deposit_paid_on)}</Line>
      <Line label="Balance received">{paidLine(booking.balance_paid_pence, booking.balance_paid_on)}</Line>
      {booking.state === 'cancelled' ? (
        received > 0 && (
          <Line label="Refunded">
            {booking.refunded_on === null
              ? 'No: the deposit was kept'
              : paidLine(booking.refunded_pence, booking.refunded_on)}
            <span className="block text-sm text-ink-600">Kept: {formatPence(receivedPence(booking))}</span>
          </Line>
        )
      ) : (
        <Line label="Still to pay">{stillToPay(due, received)}</Line>
      )}
    </>
  );
}

export function BookingDetails({ booking }: { booking: Booking }) {
  const times = bookingTimes(booking);
  return (
    <dl>
      <Line label="State">
        <StateBadge state={booking.state} />
        {booking.state === 'provisional' && booking.hold_expires_at && (
          <span className="mt-1 block text-sm text-amber-900">
            Hold lapses {formatMoment(booking.hold_expires_at)} unless confirmed
          </span>
        )}
      </Line>
      <Line label="Customer">
        {booking.customer_name}
        <a
          href={`mailto:${booking.customer_email}`}
          className="block text-accent-700 underline underline-offset-2 [overflow-wrap:anywhere]"
        >
          {booking.customer_email}
        </a>
        {booking.customer_phone && (
          // Tap to call: the crew rings the contact on the day (issue 36).
          <a
            href={phoneHref(booking.customer_phone)}
            className="block text-accent-700 underline underline-offset-2"
            aria-label={`Call ${booking.customer_name} on ${readablePhone(booking.customer_phone)}`}
          >
            {readablePhone(booking.customer_phone)}
          </a>
        )}
      </Line>
      <Line label="Dates">{bookingDays(booking)}</Line>
      <Line label="Times">{times || '—'}</Line>
      <Line label="Location">{booking.location || '—'}</Line>
      <Line label="Postcode">{booking.postcode || '—'}</Line>
      <Line label="People">{booking.people ?? '—'}</Line>
      <MoneyLines booking={booking} />
      <Line label="Same day">
        {booking.shares_day ? 'Another booking may share its day' : 'Has its day to itself'}
      </Line>
      {booking.cancel_reason && (
        <Line label="Why cancelled">
          <span className="whitespace-pre-line">{booking.cancel_reason}</span>
        </Line>
      )}
      <Line label="Notes">
        <span className="whitespace-pre-line">{booking.notes || '—'}</span>
      </Line>
      <Line label="Enquiry">
        {booking.enquiry_id === null ? (
          'Deleted'
        ) : (
          <Link to={enquiryLink(booking.enquiry_id)} className="text-accent-700 underline underline-offset-2">
            Open the enquiry
          </Link>
        )}
      </Line>
    </dl>
  );
}
