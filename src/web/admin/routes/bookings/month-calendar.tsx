// The month as a laptop shows it: seven columns from Monday, each day with its bookings. Days of the
// neighbouring months fill the first and last weeks, greyed; today is ringed and says so.
import type { Booking } from '#shared/schemas/bookings.ts';
import { BookingBlock } from './booking-block.tsx';
import { bookingsByDay, longDay, monthWeeks, WEEK } from './days.ts';

export function MonthCalendar({
  month,
  today,
  bookings,
  labelledBy,
  onOpen,
}: {
  month: string;
  today: string;
  bookings: readonly Booking[];
  labelledBy: string;
  onOpen: (id: number) => void;
}) {
  const weeks = monthWeeks(month);
  const byDay = bookingsByDay(bookings, weeks.flat());
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
                  <ul className="space-y-1">
                    {byDay.get(day)!.map((booking) => (
                      <li key={booking.id}>
                        <BookingBlock booking={booking} onOpen={onOpen} />
                      </li>
                    ))}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
