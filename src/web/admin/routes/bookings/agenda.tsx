// The month as a phone shows it: only the days with events or bookings, in order, each under its
// date. A booking over several days is listed once, under its first day in the month, with its days.
import type { Booking } from '#shared/schemas/bookings.ts';
import type { AdminEvent } from '#shared/schemas/content.ts';
import { EmptyState } from '../../../components/admin-ui.tsx';
import { BookingBlock } from './booking-block.tsx';
import { EventBlock, eventsByDay } from './event-block.tsx';
import { bookingsByDay, longDay, monthName, monthWeeks, shortDay } from './days.ts';

export function Agenda({
  month,
  today,
  bookings,
  events,
  onOpen,
}: {
  month: string;
  today: string;
  bookings: readonly Booking[];
  events: readonly AdminEvent[];
  onOpen: (id: number) => void;
}) {
  const days = monthWeeks(month)
    .flat()
    .filter((day) => day.startsWith(month));
  const first = days[0]!;
  const byDay = bookingsByDay(bookings, days);
  const eventsOn = eventsByDay(events, days);
  const busy = [...byDay]
    .map(
      ([day, list]) =>
        [
          day,
          list.filter((b) => (b.start_date < first ? first : b.start_date) === day),
          eventsOn.get(day)!,
        ] as const,
    )
    .filter(([, list, dayEvents]) => list.length + dayEvents.length > 0);
  if (busy.length === 0) return <EmptyState>No bookings or events in {monthName(month)}.</EmptyState>;
  return (
    <ol aria-label={`Bookings in ${monthName(month)}`} className="space-y-4">
      {busy.map(([day, list, dayEvents]) => (
        <li key={day} aria-current={day === today ? 'date' : undefined}>
          <h3 className="mb-1.5 flex items-center gap-2 text-sm font-semibold text-ink-700">
            <span aria-hidden="true">{shortDay(day)}</span>
            <span className="sr-only">{longDay(day)}</span>
            {day === today && (
              <span className="rounded-full bg-accent-600 px-2 text-xs text-white uppercase">Today</span>
            )}
          </h3>
          <ul className="space-y-2">
            {dayEvents.map((event) => (
              <li key={`event-${event.id}`}>
                <EventBlock event={event} roomy />
              </li>
            ))}
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
