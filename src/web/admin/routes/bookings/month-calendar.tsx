// The month as a laptop shows it: seven columns from Monday, each day with its events and bookings.
// Days of the neighbouring months fill the first and last weeks, greyed; today is ringed and says so.
import type { Booking } from '#shared/schemas/bookings.ts';
import type { AdminEvent } from '#shared/schemas/content.ts';
import { BookingBlock } from './booking-block.tsx';
import { EventBlock, eventsByDay } from './event-block.tsx';
import { bookingsByDay, longDay, monthWeeks, WEEK } from './days.ts';

/** A day's events, then its bookings. */
function DayList({
  events,
  bookings,
  onOpen,
}: {
  events: readonly AdminEvent[];
  bookings: readonly Booking[];
  onOpen: (id: number) => void;
}) {
  return (
    <ul className="space-y-1">
      {events.map((event) => (
        <li key={`event-${event.id}`}>
          <EventBlock event={event} />
        </li>
      ))}
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingBlock booking={booking} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

export function MonthCalendar({
  month,
  today,
  bookings,
  events,
  labelledBy,
  onOpen,
}: {
  month: string;
  today: string;
  bookings: readonly Booking[];
  events: readonly AdminEvent[];
  labelledBy: string;
  onOpen: (id: number) => void;
}) {
  const weeks = monthWeeks(month);
  const byDay = bookingsByDay(bookings, weeks.flat());
  const eventsOn = eventsByDay(events, weeks.flat());
  return (
    <table aria-labelledby={labelledBy} className="w-full table-fixed border-collapse bg-white">
      <thead>
        <tr>
          {WEEK.map(({ short, long }) => (
            <th
              key={short}
              scope="col"
              className="border border-ink-200 bg-ink-50 py-2 text-sm font-semibold text-ink-700"
            >
              <abbr title={long} className="no-underline">
                {short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const inMonth = day.startsWith(month);
              const isToday = day === today;
              return (
                <td
                  key={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={`h-28 border border-ink-200 p-1 align-top ${inMonth ? '' : 'bg-ink-50'} ${isToday ? 'outline-2 -outline-offset-2 outline-accent-600' : ''}`}
                >
                  <p
                    className={`mb-1 flex items-center gap-1 px-1 text-sm ${inMonth ? 'text-ink-800' : 'text-ink-500'}`}
                  >
                    <span
                      aria-hidden="true"
                      className={isToday ? 'rounded-full bg-accent-600 px-1.5 font-semibold text-white' : ''}
                    >
                      {Number(day.slice(8))}
                    </span>
                    <span className="sr-only">{longDay(day)}</span>
                    {isToday && (
                      <span className="text-xs font-semibold text-accent-700 uppercase">Today</span>
                    )}
                  </p>
                  <DayList events={eventsOn.get(day)!} bookings={byDay.get(day)!} onOpen={onOpen} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
