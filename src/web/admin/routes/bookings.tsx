// Bookings (docs/product.md#bookings): the month's bookings and the owner's events (the one calendar,
// docs/decisions/0468) as a calendar on a laptop and as a list of days on a phone, coloured and
// labelled by state; cancelled ones only on request. A booking opens in a panel with its details,
// its changes of state and its edit form; an event links to the Events screen.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { useBookings } from '../api/bookings.ts';
import { useContentList } from '../api/content-list.ts';
import { QueryStatus } from '../components/query-status.tsx';
import { Agenda } from './bookings/agenda.tsx';
import { BookingPanel } from './bookings/booking-panel.tsx';
import { monthName, monthRange, monthWeeks, shiftMonth } from './bookings/days.ts';
import { MonthCalendar } from './bookings/month-calendar.tsx';
import { useMonthView, useToday } from './bookings/use-month.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

function MonthBar({
  month,
  headingId,
  view,
}: {
  month: string;
  headingId: string;
  view: ReturnType<typeof useMonthView>;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <h2
        id={headingId}
        aria-live="polite"
        className="basis-full font-display text-2xl font-semibold tracking-wide text-ink-900 uppercase sm:mr-auto sm:basis-auto"
      >
        {monthName(month)}
      </h2>
      <Button
        variant="secondary"
        onClick={() => view.showMonth(shiftMonth(month, -1))}
        aria-label="Previous month"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </Button>
      <Button variant="secondary" onClick={() => view.showMonth(view.thisMonth)}>
        Today
      </Button>
      <Button
        variant="secondary"
        onClick={() => view.showMonth(shiftMonth(month, 1))}
        aria-label="Next month"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </Button>
    </div>
  );
}

export function BookingsScreen() {
  const view = useMonthView();
  const headingId = useId();
  const [showCancelled, setShowCancelled] = useState(false);
  const weeks = monthWeeks(view.month);
  // The calendar's first and last weeks reach into the neighbouring months: those days are asked too.
  const bookings = useBookings(weeks[0]![0]!, weeks.at(-1)!.at(-1)!);
  // Every event, as the Events screen lists them; the calendar places those in the weeks shown. A
  // failed read leaves the bookings on screen (the events are then missing, as the note says).
  const events = useContentList('events');
  const today = useToday();
  const { from, to } = monthRange(view.month);

  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.bookings}
        subtitle="Provisional holds, confirmed bookings, past ones and your events, by month."
      />
      <MonthBar month={view.month} headingId={headingId} view={view} />
      <label className="mb-4 inline-flex min-h-11 items-center gap-2 text-ink-800">
        <input
          type="checkbox"
          checked={showCancelled}
          onChange={(event) => setShowCancelled(event.target.checked)}
          className="size-5 accent-accent-600"
        />
        Show cancelled
      </label>
      <QueryStatus query={bookings} error="Could not load the bookings. Reload the page to try again.">
        {(all) => {
          const shown = all.filter((booking) => showCancelled || booking.state !== 'cancelled');
          const inMonth = shown.filter((booking) => booking.start_date <= to && booking.end_date >= from);
          const allEvents = events.data ?? [];
          const monthEvents = allEvents.filter((event) => event.date >= from && event.date <= to);
          return (
            <>
              <div className="hidden lg:block">
                <MonthCalendar
                  month={view.month}
                  today={today}
                  bookings={shown}
                  events={allEvents}
                  labelledBy={headingId}
                  onOpen={view.open}
                />
              </div>
              <div className="lg:hidden">
                <Agenda
                  month={view.month}
                  today={today}
                  bookings={inMonth}
                  events={monthEvents}
                  onOpen={view.open}
                />
              </div>
            </>
          );
        }}
      </QueryStatus>
      {events.isError && (
        <p role="status" className="mt-3 text-ink-600">
          The events could not be loaded; only bookings are shown.
        </p>
      )}
      <BookingPanel id={view.openId} editing={view.editing} onEdit={view.edit} onClose={view.close} />
    </>
  );
}
