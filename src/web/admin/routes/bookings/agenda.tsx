// The month as a phone shows it: only the days with bookings, in order, each under its date. A
// booking over several days is listed once, under its first day in the month, with its days.
import type { Booking } from '#shared/schemas/bookings.ts';
import { EmptyState } from '../../../components/admin-ui.tsx';
import { BookingBlock } from './booking-block.tsx';
import { bookingsByDay, longDay, monthName, monthWeeks, shortDay } from './days.ts';

export function Agenda({
  month,
  today,
  bookings,
  onOpen,
}: {
  month: string;
  today: string;
  bookings: readonly Booking[];
  onOpen: (id: number) => void;
}) {
  const days = monthWeeks(month)
    .flat()
    .filter((day) => day.startsWith(month));
  const first = days[0]!;
  const byDay = bookingsByDay(bookings, days);
  const busy = [...byDay]
    .map(
      ([day, list]) =>
        [day, list.filter((b) => (b.start_date < first ? first : b.start_date) === day)] as const,
    )
    .filter(([, list]) => list.length > 0);
  if (busy.length === 0) return <EmptyState>No bookings in {monthName(month)}.</EmptyState>;
  return (
    <ol aria-label={`Bookings in ${monthName(month)}`} className="space-y-4">
      {busy.map(([day, list]) => (
        <li key={day} aria-current={day === today ? 'date' : undefined}>
          <h3 className="mb-1.5 flex items-center gap-2 text-sm font-semibold text-ink-700">
            <span aria-hidden="true">{shortDay(day)}</span>
            <span className="sr-only">{longDay(day)}</span>
            {day === today && (
              <span className="rounded-full bg-accent-600 px-2 text-xs text-white uppercase">Today</span>
            )}
          </h3>
          <ul className="space-y-2">
            {list.map((booking) => (
              <li key={booking.id}>
                <BookingBlock booking={booking} onOpen={onOpen} roomy />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
