// The dashboard's two booking cards: the next confirmed bookings, and the holds waiting for an answer —
// every provisional booking whose first day is within two weeks, and any other whose hold lapses within
// three days — each with when its hold lapses (docs/decisions/0467). Each line opens the booking on the
// Bookings screen.
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarCheck, Hourglass, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { addDays, londonDay } from '#shared/london-days.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { Card, Loading } from '../../../components/admin-ui.tsx';
import { formatMoment } from '../bookings/booking-details.tsx';
import { bookingDays } from '../bookings/days.ts';
import { StateBadge } from '../bookings/state.tsx';
import { bookingLink } from '../bookings/use-month.ts';

const SHOWN = 5;
const HOLD_WARNING_MS = 3 * 24 * 60 * 60 * 1000;
const HOLD_SOON_DAYS = 14;

function upcoming(bookings: readonly Booking[], today: string) {
  return bookings
    .filter((b) => b.state === 'confirmed' && b.end_date >= today)
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id)
    .slice(0, SHOWN);
}

/**
 * A hold whose day is near needs an answer whenever its hold lapses; a first day already gone is
 * included too (a hold made before holds lapsed by their day may outlive it). Soonest lapse first.
 */
function awaiting(bookings: readonly Booking[], now: number) {
  const soon = addDays(londonDay(now), HOLD_SOON_DAYS);
  const lapse = (b: Booking) => (b.hold_expires_at ? Date.parse(b.hold_expires_at) : Infinity);
  return bookings
    .filter((b) => b.state === 'provisional')
    .filter((b) => b.start_date <= soon || lapse(b) - now <= HOLD_WARNING_MS)
    .sort((a, b) => lapse(a) - lapse(b) || a.start_date.localeCompare(b.start_date) || a.id - b.id);
}

// The lapse on a line of its own: beside the days it wrapped mid-date on a phone.
const holdDetail = (b: Booking) => [
  bookingDays(b),
  b.hold_expires_at ? `Hold lapses ${formatMoment(b.hold_expires_at)}` : 'Not confirmed',
];

function BookingCard({
  title,
  icon: Icon,
  list,
  loading,
  failed,
  empty,
  detail,
}: {
  title: string;
  icon: LucideIcon;
  list: Booking[];
  loading: boolean;
  failed: boolean;
  empty: string;
  /** One line, or several. */
  detail: (booking: Booking) => string | string[];
}) {
  return (
    <Card>
      <h2 className="flex items-center gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
        <Icon className="size-5 text-ink-600" aria-hidden="true" />
        {title}
      </h2>
      {loading ? (
        <Loading />
      ) : failed ? (
        <p className="mt-3 text-ink-600">Could not load the bookings.</p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-ink-600">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100">
          {list.map((booking) => (
            <li key={booking.id}>
              <Link
                to={bookingLink(booking)}
                className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded px-1 py-2 hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-accent-400"
              >
                <span className="font-semibold text-ink-900">{booking.customer_name}</span>
                <StateBadge state={booking.state} />
                {[detail(booking)].flat().map((line) => (
                  <span key={line} className="basis-full text-sm text-ink-600">
                    {line}
                  </span>
                ))}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** `bookings`: asked by the dashboard with its other queries, so the cards are drawn with them. */
export function BookingsCards({ bookings }: { bookings: UseQueryResult<Booking[]> }) {
  const [now] = useState(() => Date.now());
  const all = bookings.data ?? [];
  const common = { loading: bookings.isPending, failed: bookings.isError };
  return (
    <section aria-label="Bookings" className="mt-8 grid gap-4 lg:grid-cols-2">
      <BookingCard
        title="Upcoming bookings"
        icon={CalendarCheck}
        list={upcoming(all, londonDay(now))}
        empty="No confirmed bookings ahead."
        detail={(b) => [bookingDays(b), b.location].filter(Boolean).join(' · ')}
        {...common}
      />
      <BookingCard
        title="Holds to confirm"
        icon={Hourglass}
        list={awaiting(all, now)}
        empty="No unconfirmed booking in the next two weeks, and no hold lapsing within three days."
        detail={holdDetail}
        {...common}
      />
    </section>
  );
}
